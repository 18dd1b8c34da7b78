// Without zod: the API's media module and the users schema read these.

/**
 * Where the API serves an uploaded picture, logo or meter photo (`GET /api/media/<name>`): to the signed-in
 * users of the name's tenant only, so the web fetches it with the token (`shared/ui/auth-image.tsx`).
 */
export const MEDIA_URL_PREFIX = '/api/media/';

/**
 * `<tenantId>-<32 hex>.<ext>`: unguessable (128 random bits), and it says which tenant (so which
 * database alias) holds the file, so serving it is one lookup whatever the number of aliases.
 */
export const MEDIA_NAME_PATTERN = /^([1-9]\d{0,9})-[0-9a-f]{32}\.(png|jpg|webp)$/;

/**
 * What a user may give as their avatar (docs/security.md): an `https:` address, or the app's own media
 * URL exactly as an upload sets it (`/api/media/<name>`). Never `javascript:`, `data:`, `http:`,
 * a protocol-relative `//host`, another path of the app, or anything with spaces or control
 * characters (an `<img src>` is the only place it goes, but a link could be made of it).
 */
export function isAvatarAddress(value: string): boolean {
  if (/[\s\p{Cc}\\]/u.test(value)) return false;
  if (value.startsWith(MEDIA_URL_PREFIX)) return MEDIA_NAME_PATTERN.test(value.slice(MEDIA_URL_PREFIX.length));
  if (!/^https:\/\/[^/]/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}
