// Without zod: the web's photo shrinking and the API's check read these (docs/billing.md, "A reading's photo").

/** The largest photo the API takes with a reading, in bytes (decoded): more is a 400 `reading_photo_too_large`. */
export const READING_PHOTO_MAX_BYTES = 400 * 1024;

/**
 * What the browser shrinks a meter's photo to before it is queued: small enough that a day of
 * readings waiting on a phone stays a few megabytes, large enough to read the digits.
 */
export const READING_PHOTO_TARGET_BYTES = 200 * 1024;
