import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@meterline/contract/errors';
import { AVATAR_MAX_BYTES } from '@meterline/contract/users';
import { HttpError, fieldError } from '../../lib/http-errors';
import { detectImageType, type ImageType } from '../media/index';

/** An uploaded picture already checked by its content (first bytes), never by name or declared type. */
export interface AvatarFile {
  data: Buffer;
  type: ImageType;
}

function isMultipartError(error: unknown, code: string): boolean {
  return (error as { code?: unknown } | null)?.code === code;
}

/**
 * Reads `POST /auth/users/me/avatar/`: one file part named `avatar`, as the settings form reads the
 * logo (config-form.ts). A file over the limit stops at AVATAR_MAX_BYTES (the parser discards the
 * rest); a limit, a malformed body or any other part is a 400 with a field message, never a 413 or 500.
 */
export async function readAvatarForm(request: FastifyRequest): Promise<AvatarFile> {
  if (!request.isMultipart()) throw fieldError('avatar', ERROR_CODES.avatarMissing);
  let avatar: AvatarFile | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0 } })) {
      if (part.type === 'field') throw fieldError(part.fieldname, ERROR_CODES.unknownField);
      const data = await part.toBuffer();
      if (part.fieldname !== 'avatar') throw fieldError(part.fieldname, ERROR_CODES.unknownField);
      if (data.length === 0) throw fieldError('avatar', ERROR_CODES.avatarEmpty);
      const type = detectImageType(data);
      if (!type) throw fieldError('avatar', ERROR_CODES.avatarType);
      avatar = { data, type };
    }
  } catch (error) {
    if (isMultipartError(error, 'FST_REQ_FILE_TOO_LARGE')) {
      throw fieldError('avatar', ERROR_CODES.avatarTooLarge, { max: AVATAR_MAX_BYTES / (1024 * 1024) });
    }
    if (isMultipartError(error, 'FST_FILES_LIMIT')) throw fieldError('avatar', ERROR_CODES.logoOneFile);
    if (isMultipartError(error, 'FST_PARTS_LIMIT') || isMultipartError(error, 'FST_FIELDS_LIMIT')) {
      throw fieldError('non_field_errors', ERROR_CODES.tooManyFormFields);
    }
    if (error instanceof HttpError) throw error;
    // Nothing but parsing happens in this loop: any other failure is a malformed body.
    throw fieldError('non_field_errors', ERROR_CODES.formUnreadable);
  }
  if (!avatar) throw fieldError('avatar', ERROR_CODES.avatarMissing);
  return avatar;
}
