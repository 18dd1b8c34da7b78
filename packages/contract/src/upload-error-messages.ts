import type { ErrorLanguage } from './error-messages';

/**
 * The texts of the upload refusals (a logo, a user's picture, a meter's photo: docs/security.md,
 * "Uploaded pictures"), part of ERROR_MESSAGES (error-messages.ts), which checks every code has both.
 */
export const UPLOAD_ERROR_MESSAGES = {
  logo_not_a_file: { en: 'Only the logo may be a file.', ar: 'الشعار وحده يمكن أن يكون ملفًا.' },
  logo_too_large: { en: 'The logo is too large: at most {max} MB.', ar: 'الشعار كبير جدًا: {max} ميغابايت كحد أقصى.' },
  logo_one_file: { en: 'Send one file only.', ar: 'أرسل ملفًا واحدًا فقط.' },
  logo_type: { en: 'Upload a PNG, JPEG or WebP image.', ar: 'ارفع صورة PNG أو JPEG أو WebP.' },
  logo_empty: { en: 'The submitted file is empty.', ar: 'الملف المرسل فارغ.' },
  avatar_type: { en: 'The picture must be a PNG, JPEG or WebP image.', ar: 'يجب أن تكون الصورة بصيغة PNG أو JPEG أو WebP.' },
  avatar_too_large: { en: 'The picture is too large: at most {max} MB.', ar: 'الصورة كبيرة جدًا: {max} ميغابايت كحد أقصى.' },
  avatar_empty: { en: 'The picture file is empty.', ar: 'ملف الصورة فارغ.' },
  avatar_missing: { en: 'Choose a picture to upload.', ar: 'اختر صورة لرفعها.' },
  avatar_no_tenant: {
    en: 'Only users of a client can upload a picture; enter a picture address instead.',
    ar: 'رفع الصور متاح لمستخدمي العملاء فقط؛ أدخل عنوان صورة بدلًا من ذلك.',
  },
  avatar_address: {
    en: 'Enter an https:// picture address, or upload a picture.',
    ar: 'أدخل عنوان صورة يبدأ بـ https://، أو ارفع صورة.',
  },
  reading_photo_type: {
    en: 'The meter’s photo must be a PNG, JPEG or WebP image.',
    ar: 'يجب أن تكون صورة العداد بصيغة PNG أو JPEG أو WebP.',
  },
  reading_photo_too_large: {
    en: 'The meter’s photo is too large: at most {max} KB.',
    ar: 'صورة العداد كبيرة جدًا: {max} كيلوبايت كحد أقصى.',
  },
} satisfies Record<string, Record<ErrorLanguage, string>>;
