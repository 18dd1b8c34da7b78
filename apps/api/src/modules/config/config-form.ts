import type { FastifyRequest } from 'fastify';
import { LOGO_MAX_BYTES } from '@meterline/contract/config';
import { ERROR_CODES, type ErrorCode } from '@meterline/contract/errors';
import { HttpError, fieldError } from '../../lib/http-errors';
import { detectImageType } from '../media/index';
import type { LogoFile } from './config.service';

/** What a multipart settings form carries: its text fields and the logo file, checked by content. */
export interface ConfigForm {
  fields: Record<string, string>;
  logo: LogoFile | null;
  /** Messages about the logo, reported together with the fields' own. */
  logoErrors: ErrorCode[];
}

function isMultipartError(error: unknown, code: string): boolean {
  return (error as { code?: unknown } | null)?.code === code;
}

/**
 * Reads a multipart body part by part. A file over the limit stops at 1 MB (the parser discards the
 * rest), and every limit or malformed body becomes a 400 with a field message, never a 413 or 500.
 */
export async function readConfigForm(request: FastifyRequest): Promise<ConfigForm> {
  const fields: Record<string, string> = {};
  const logoErrors: ErrorCode[] = [];
  let logo: LogoFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      const data = await part.toBuffer();
      if (part.fieldname !== 'logo') {
        throw fieldError(part.fieldname, ERROR_CODES.logoNotAFile);
      }
      const type = detectImageType(data);
      if (data.length === 0) logoErrors.push(ERROR_CODES.logoEmpty);
      else if (!type) logoErrors.push(ERROR_CODES.logoType);
      else logo = { data, type };
    }
  } catch (error) {
    if (isMultipartError(error, 'FST_REQ_FILE_TOO_LARGE')) {
      throw fieldError('logo', ERROR_CODES.logoTooLarge, { max: LOGO_MAX_BYTES / (1024 * 1024) });
    }
    if (isMultipartError(error, 'FST_FILES_LIMIT')) throw fieldError('logo', ERROR_CODES.logoOneFile);
    if (isMultipartError(error, 'FST_PARTS_LIMIT') || isMultipartError(error, 'FST_FIELDS_LIMIT')) {
      throw fieldError('non_field_errors', ERROR_CODES.tooManyFormFields);
    }
    if (error instanceof HttpError) throw error;
    // Nothing but parsing happens in this loop: any other failure is a malformed body.
    throw fieldError('non_field_errors', ERROR_CODES.formUnreadable);
  }
  return { fields, logo, logoErrors };
}
