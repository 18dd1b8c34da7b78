/** What other modules may use of `media`: they import it from here, never from its files. */
export { detectImageType } from './image-type';
export type { ImageType } from './image-type';
export { createMediaName, mediaUrl, ownMediaNameOf } from './media-names';
export { deleteUpload, findUploadDataUri, insertUpload } from './media.repository';
