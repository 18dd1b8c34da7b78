/**
 * The words of "Check my bill" in both languages: the public page (seen before any sign-in, so it
 * carries its own texts instead of downloading the app's) and the office's "Customer's bill link"
 * block. TypeScript holds both languages to the same keys.
 */
const en = {
  title: 'Your bill',
  loading: 'Loading your bill…',
  notFound: 'This link is no longer valid. Ask your provider for a new one, or scan the code on your latest bill.',
  failed: 'Your bill could not be loaded. Check your connection and try again.',
  retry: 'Try again',
  customer: 'Customer',
  code: 'Customer code',
  phone: 'Phone',
  balanceDue: 'Balance due',
  openInvoices: 'Open invoices',
  noOpenInvoices: 'Nothing is due. Thank you!',
  invoice: 'Invoice',
  period: 'Period',
  dueOn: 'Due on',
  total: 'Total',
  amountDue: 'Amount due',
  lastPayments: 'Last payments',
  noPayments: 'No payments yet.',
  receipt: 'Receipt',
  paidOn: 'Paid on',
  contact: 'Contact',
  call: 'Call {{phone}}',
  print: 'Print',
  language: 'Language',
  officeTitle: 'Customer’s bill link',
  officeHint: 'Printed as a QR code on every invoice and receipt: the customer sees their bill without signing in.',
  copy: 'Copy link',
  copied: 'Link copied',
  renew: 'Make a new link',
  renewTitle: 'Make a new bill link?',
  renewBody: 'The current link, and the QR codes already printed with it, will stop working at once.',
  renewConfirm: 'Make a new link',
  cancel: 'Cancel',
  renewed: 'A new link is ready: the old one no longer works.',
  renewFailed: 'The link could not be renewed. Try again.',
};

export type PublicBillTexts = typeof en;

const ar: PublicBillTexts = {
  title: 'فاتورتك',
  loading: 'جارٍ تحميل فاتورتك…',
  notFound: 'هذا الرابط لم يعد صالحًا. اطلب رابطًا جديدًا من المزوّد، أو امسح الرمز على آخر فاتورة لديك.',
  failed: 'تعذّر تحميل فاتورتك. تحقّق من الاتصال وحاول مجددًا.',
  retry: 'حاول مجددًا',
  customer: 'المشترك',
  code: 'رمز المشترك',
  phone: 'الهاتف',
  balanceDue: 'الرصيد المستحق',
  openInvoices: 'الفواتير المفتوحة',
  noOpenInvoices: 'لا يوجد مبلغ مستحق. شكرًا لك!',
  invoice: 'الفاتورة',
  period: 'الفترة',
  dueOn: 'تاريخ الاستحقاق',
  total: 'الإجمالي',
  amountDue: 'المبلغ المستحق',
  lastPayments: 'آخر الدفعات',
  noPayments: 'لا توجد دفعات بعد.',
  receipt: 'الإيصال',
  paidOn: 'تاريخ الدفع',
  contact: 'للتواصل',
  call: 'اتصل بـ {{phone}}',
  print: 'طباعة',
  language: 'اللغة',
  officeTitle: 'رابط فاتورة المشترك',
  officeHint: 'يُطبع رمز QR على كل فاتورة وإيصال: يرى المشترك فاتورته من دون تسجيل الدخول.',
  copy: 'نسخ الرابط',
  copied: 'تم نسخ الرابط',
  renew: 'إنشاء رابط جديد',
  renewTitle: 'إنشاء رابط فاتورة جديد؟',
  renewBody: 'سيتوقف الرابط الحالي، ورموز QR المطبوعة به، عن العمل فورًا.',
  renewConfirm: 'إنشاء رابط جديد',
  cancel: 'إلغاء',
  renewed: 'الرابط الجديد جاهز: الرابط القديم لم يعد يعمل.',
  renewFailed: 'تعذّر تجديد الرابط. حاول مجددًا.',
};

/** The texts of a language (English for any other), with `{{name}}` filled in by `fill`. */
export function publicBillTexts(language: string): PublicBillTexts {
  return language === 'ar' ? ar : en;
}

export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}
