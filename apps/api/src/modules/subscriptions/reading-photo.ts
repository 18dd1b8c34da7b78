import { ERROR_CODES } from '@meterline/contract/errors';
import { READING_PHOTO_MAX_BYTES } from '@meterline/contract/reading-photo';
import type { Executor } from '../../db/client';
import { fieldError } from '../../lib/http-errors';
import { createMediaName, detectImageType, insertUpload, type ImageType } from '../media/index';

/** A reading's photo, decoded and checked by its content (first bytes), never by any name or declared type. */
export interface ReadingPhoto {
  data: Buffer;
  type: ImageType;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** The longest base64 text of READING_PHOTO_MAX_BYTES bytes: a longer one is too large before it is decoded. */
const MAX_BASE64_LENGTH = Math.ceil(READING_PHOTO_MAX_BYTES / 3) * 4;

/**
 * The `photo` of a reading's body (base64): a PNG, JPEG or WebP of at most READING_PHOTO_MAX_BYTES,
 * else a 400 on `photo`; null without one. Checked before the transaction, so a refused photo
 * records nothing.
 */
export function readingPhotoOf(value: string | undefined): ReadingPhoto | null {
  if (value === undefined) return null;
  const tooLarge = () => fieldError('photo', ERROR_CODES.readingPhotoTooLarge, { max: READING_PHOTO_MAX_BYTES / 1024 });
  if (value.length > MAX_BASE64_LENGTH) throw tooLarge();
  if (value.length % 4 !== 0 || !BASE64.test(value)) throw fieldError('photo', ERROR_CODES.readingPhotoType);
  const data = Buffer.from(value, 'base64');
  if (data.length > READING_PHOTO_MAX_BYTES) throw tooLarge();
  const type = detectImageType(data);
  if (!type) throw fieldError('photo', ERROR_CODES.readingPhotoType);
  return { data, type };
}

/** Stores the photo in the tenant's media (inside the reading's transaction) and gives its name for the reading's row. */
export async function storeReadingPhoto(
  tx: Executor,
  scope: { tenantId: number },
  photo: ReadingPhoto | null,
  createdAt: Date,
): Promise<string | null> {
  if (!photo) return null;
  const name = createMediaName(scope.tenantId, photo.type.extension);
  await insertUpload(tx, scope, { name, contentType: photo.type.contentType, data: photo.data, createdAt });
  return name;
}
