// Without zod (users.ts re-exports these): the profile screen reads them on first render.

/**
 * Largest picture a user may upload as their own avatar (`POST /auth/users/me/avatar/`), in bytes:
 * PNG, JPEG or WebP, checked by content on the server (docs/security.md, "Uploaded pictures").
 */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** The picture types a browser may offer (`accept`); the server goes by the file's first bytes, not these. */
export const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
