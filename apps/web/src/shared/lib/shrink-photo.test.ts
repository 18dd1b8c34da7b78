import { describe, expect, it } from 'vitest';
import { blobToBase64, fitWithin, PHOTO_MAX_SIDE, shrinkToFit, type PhotoEncoder } from './shrink-photo';

/** A fake JPEG encoder: bytes grow with the pixels and the quality, as a real one's do; it records each try. */
function fakeEncoder(bytesPerPixelAtFullQuality: number) {
  const tries: { width: number; height: number; quality: number }[] = [];
  const encode: PhotoEncoder = async (width, height, quality) => {
    tries.push({ width, height, quality });
    // Only its size is read: no bytes are allocated.
    return { size: Math.round(width * height * bytesPerPixelAtFullQuality * quality), type: 'image/jpeg' } as Blob;
  };
  return { encode, tries };
}

describe('fitWithin', () => {
  it('brings the longest side to the limit, keeping the proportions, and never enlarges', () => {
    expect(fitWithin(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
  });
});

describe('shrinkToFit', () => {
  it('keeps the first try when it already fits (a small photo at quality 0.8)', async () => {
    const { encode, tries } = fakeEncoder(0.1);
    const blob = await shrinkToFit({ width: 640, height: 480 }, encode, 200 * 1024);
    expect(tries).toEqual([{ width: 640, height: 480, quality: 0.8 }]);
    expect(blob?.size).toBeLessThanOrEqual(200 * 1024);
  });

  it('lowers the quality, then the size, until the photo is at most the target', async () => {
    const { encode, tries } = fakeEncoder(0.6);
    const blob = await shrinkToFit({ width: 4000, height: 3000 }, encode, 200 * 1024);
    expect(blob).not.toBeNull();
    expect(blob?.size).toBeLessThanOrEqual(200 * 1024);
    // A phone's 12 MP photo starts at the largest side allowed, and the quality goes down before the size does.
    expect(tries[0]).toEqual({ width: PHOTO_MAX_SIDE, height: 1200, quality: 0.8 });
    expect(tries.slice(0, 4).map((attempt) => attempt.quality)).toEqual([0.8, 0.65, 0.5, 0.4]);
    expect(tries[4]).toEqual({ width: 1200, height: 900, quality: 0.8 });
    // Every try but the last was too large: it stops at the first that fits.
    for (const attempt of tries.slice(0, -1)) {
      expect(Math.round(attempt.width * attempt.height * 0.6 * attempt.quality)).toBeGreaterThan(200 * 1024);
    }
  });

  it('gives up (null) when even the smallest picture is too large', async () => {
    const { encode, tries } = fakeEncoder(0.1);
    expect(await shrinkToFit({ width: 4000, height: 3000 }, encode, 10)).toBeNull();
    // It stopped at the smallest picture allowed (160 pixels on its longest side), after a bounded number of tries.
    expect(Math.max(...tries.map((attempt) => attempt.width))).toBe(PHOTO_MAX_SIDE);
    expect(Math.min(...tries.map((attempt) => attempt.width))).toBeGreaterThanOrEqual(160);
    expect(tries.length).toBeLessThan(40);
  });
});

describe('blobToBase64', () => {
  it('gives the bytes as base64 without a data: prefix, also past one chunk', async () => {
    const bytes = new Uint8Array(70_000).map((_, index) => index % 251);
    const text = await blobToBase64(new Blob([bytes]));
    expect(text.startsWith('data:')).toBe(false);
    expect(Uint8Array.from(atob(text), (char) => char.charCodeAt(0))).toEqual(bytes);
  });
});
