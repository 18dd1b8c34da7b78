/** The image types a logo may be, recognised by their first bytes ("magic"), never by name or declared type. */
export interface ImageType {
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
  extension: 'png' | 'jpg' | 'webp';
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

export function detectImageType(data: Buffer): ImageType | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return { contentType: 'image/png', extension: 'png' };
  if (data.length >= 3 && data.subarray(0, 3).equals(JPEG_SIGNATURE)) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') {
    return { contentType: 'image/webp', extension: 'webp' };
  }
  return null;
}
