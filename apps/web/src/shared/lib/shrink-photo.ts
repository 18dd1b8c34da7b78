import { READING_PHOTO_TARGET_BYTES } from '@meterline/contract/reading-photo';

/** Encodes the picture at this size and JPEG quality (a canvas in the browser, a fake in tests). */
export type PhotoEncoder = (width: number, height: number, quality: number) => Promise<Blob>;

/** The longest side a meter's photo keeps: its digits stay readable, the file small. */
export const PHOTO_MAX_SIDE = 1600;
const QUALITIES = [0.8, 0.65, 0.5, 0.4] as const;
const SCALE_STEP = 0.75;
const MIN_SIDE = 160;

/** The size that fits `maxSide` on its longest side, never enlarged. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The JPEG of a photo at most `targetBytes` long (docs/offline.md, "A reading's photo"): the largest
 * side first brought to PHOTO_MAX_SIDE, then the quality lowered step by step, then the picture made
 * smaller and the qualities tried again, until it fits. Null when even the smallest does not fit.
 */
export async function shrinkToFit(
  size: { width: number; height: number },
  encode: PhotoEncoder,
  targetBytes: number = READING_PHOTO_TARGET_BYTES,
): Promise<Blob | null> {
  let { width, height } = fitWithin(size.width, size.height, PHOTO_MAX_SIDE);
  for (;;) {
    for (const quality of QUALITIES) {
      const blob = await encode(width, height, quality);
      if (blob.size <= targetBytes) return blob;
    }
    if (Math.max(width, height) * SCALE_STEP < MIN_SIDE) return null;
    width = Math.max(1, Math.round(width * SCALE_STEP));
    height = Math.max(1, Math.round(height * SCALE_STEP));
  }
}

/** Base64 of the bytes (no `data:` prefix): how a reading's body carries its photo. */
export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  const CHUNK = 0x8000;
  for (let start = 0; start < bytes.length; start += CHUNK) binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  return btoa(binary);
}

/**
 * A photo from the camera or the gallery, as the base64 of a JPEG of at most READING_PHOTO_TARGET_BYTES
 * (the browser decodes it with `createImageBitmap`, turned upright, and draws it on a canvas); null
 * when the file is not a picture the browser can read or cannot be made small enough.
 */
export async function shrinkPhoto(file: Blob): Promise<string | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const canvas = document.createElement('canvas');
    const encode: PhotoEncoder = (width, height, quality) => {
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d')?.drawImage(bitmap, 0, 0, width, height);
      return new Promise<Blob>((resolve, reject) =>
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded.'))), 'image/jpeg', quality),
      );
    };
    const blob = await shrinkToFit({ width: bitmap.width, height: bitmap.height }, encode);
    return blob ? await blobToBase64(blob) : null;
  } catch {
    return null;
  } finally {
    bitmap.close();
  }
}
