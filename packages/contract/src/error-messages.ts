import type { ErrorCode, ErrorParams } from './errors';
import { UPLOAD_ERROR_MESSAGES } from './upload-error-messages';

export const ERROR_LANGUAGES = ['en', 'ar'] as const;
export type ErrorLanguage = (typeof ERROR_LANGUAGES)[number];

/**
 * The text of every error code in both languages, `{name}` standing for a parameter. The server
 * answers with these (in the caller's language) and the web app shows them by code, so a sentence
 * is written once. The English texts keep the wording of the DRF API the clients were built on.
 */
export const ERROR_MESSAGES: Record<ErrorCode, Record<ErrorLanguage, string>> = {
  invalid: { en: 'Invalid value.', ar: 'قيمة غير صالحة.' },
  not_authenticated: { en: 'Authentication credentials were not provided.', ar: 'لم يتم تقديم بيانات تسجيل الدخول.' },
  token_not_valid: { en: 'Given token not valid for any token type', ar: 'الجلسة غير صالحة. سجّل الدخول مجددًا.' },
  user_inactive: { en: 'User is inactive', ar: 'المستخدم غير مفعّل.' },
  tenant_blocked: { en: 'This client is blocked. Contact the platform administrator.', ar: 'هذا العميل محظور. تواصل مع مسؤول المنصة.' },
  permission_denied: { en: 'You do not have permission to perform this action.', ar: 'ليست لديك صلاحية للقيام بهذا الإجراء.' },
  not_found: { en: 'Not found.', ar: 'غير موجود.' },
  conflict: { en: 'The record changed while saving. Try again.', ar: 'تغيّر السجل أثناء الحفظ. حاول مجددًا.' },
  protected: { en: 'This record is in use and cannot be deleted.', ar: 'هذا السجل مستخدم ولا يمكن حذفه.' },
  invoice_already_paid: { en: 'This invoice is already paid.', ar: 'هذه الفاتورة مدفوعة بالكامل.' },
  idempotency_key_reused: {
    en: 'This Idempotency-Key was used with another request. Use a new key for a new request.',
    ar: 'استُخدم مفتاح التكرار هذا مع طلب آخر. استخدم مفتاحًا جديدًا لطلب جديد.',
  },
  idempotency_key_in_flight: {
    en: 'A request with this Idempotency-Key is still in progress. Retry later.',
    ar: 'ما زال طلب بمفتاح التكرار هذا قيد التنفيذ. حاول لاحقًا.',
  },
  throttled: {
    en: 'Too many attempts. Try again later. Expected available in {seconds} seconds.',
    ar: 'محاولات كثيرة جدًا. حاول مجددًا بعد {seconds} ثانية.',
  },
  otp_required: { en: 'A one-time code is required.', ar: 'رمز التحقق لمرة واحدة مطلوب.' },
  otp_invalid: { en: 'The one-time code is not valid.', ar: 'رمز التحقق لمرة واحدة غير صحيح.' },
  authentication_failed: { en: 'No active account found with the given credentials', ar: 'لا يوجد حساب مفعّل بهذه البيانات.' },
  last_admin: {
    en: 'The last active admin of a client cannot be demoted or deactivated.',
    ar: 'لا يمكن تخفيض دور آخر مدير مفعّل للعميل أو إيقافه.',
  },
  currency_locked: {
    en: 'The currency cannot change once invoices, payments or transactions exist.',
    ar: 'لا يمكن تغيير العملة بعد وجود فواتير أو دفعات أو معاملات.',
  },
  server_error: { en: 'A server error occurred.', ar: 'حدث خطأ في الخادم.' },
  database_unavailable: {
    en: 'The database cannot be reached right now. Nothing was saved; try again in a moment.',
    ar: 'تعذّر الوصول إلى قاعدة البيانات الآن. لم يُحفظ شيء؛ حاول مجددًا بعد قليل.',
  },
  server_busy: {
    en: 'The server is busy right now. Nothing was saved; try again in a few seconds.',
    ar: 'الخادم مشغول الآن. لم يُحفظ شيء؛ حاول مجددًا بعد بضع ثوانٍ.',
  },
  storage_full: {
    en: 'The server has no disk space left. Nothing was saved; ask your administrator to free space, then try again.',
    ar: 'لا توجد مساحة متبقية على قرص الخادم. لم يُحفظ شيء؛ اطلب من المسؤول إفراغ مساحة ثم حاول مجددًا.',
  },
  parse_error: { en: 'The request body could not be read.', ar: 'تعذّرت قراءة محتوى الطلب.' },
  unsupported_media_type: { en: 'Unsupported media type.', ar: 'نوع المحتوى غير مدعوم.' },
  too_large: { en: 'Request body is too large.', ar: 'محتوى الطلب كبير جدًا.' },
  uri_too_long: { en: 'The address of the request is too long.', ar: 'عنوان الطلب طويل جدًا.' },
  headers_too_large: {
    en: 'The address or the headers of the request are too large.',
    ar: 'عنوان الطلب أو ترويساته كبيرة جدًا.',
  },
  request_timeout: { en: 'The request did not arrive in time.', ar: 'لم يصل الطلب في الوقت المحدد.' },
  request_unreadable: { en: 'The request could not be read.', ar: 'تعذّرت قراءة الطلب.' },
  invalid_page: { en: 'Invalid page.', ar: 'صفحة غير صالحة.' },
  required: { en: 'This field is required.', ar: 'هذا الحقل مطلوب.' },
  blank: { en: 'This field may not be blank.', ar: 'لا يمكن ترك هذا الحقل فارغًا.' },
  invalid_type: { en: 'Incorrect type.', ar: 'نوع القيمة غير صحيح.' },
  invalid_number: { en: 'A valid number is required.', ar: 'أدخل رقمًا صحيحًا.' },
  invalid_integer: { en: 'A valid integer is required.', ar: 'أدخل عددًا صحيحًا.' },
  invalid_boolean: { en: 'Must be a valid boolean.', ar: 'يجب أن تكون القيمة نعم أو لا.' },
  invalid_choice: { en: 'Choose a valid option.', ar: 'اختر خيارًا صالحًا.' },
  invalid_email: { en: 'Enter a valid email address.', ar: 'أدخل بريدًا إلكترونيًا صالحًا.' },
  invalid_format: { en: 'Enter a valid value.', ar: 'أدخل قيمة بصيغة صحيحة.' },
  invalid_date: { en: 'Enter a valid date as YYYY-MM-DD.', ar: 'أدخل تاريخًا صالحًا بالصيغة YYYY-MM-DD.' },
  invalid_date_time: { en: 'Enter a valid date and time.', ar: 'أدخل تاريخًا ووقتًا صالحين.' },
  max_length: { en: 'Ensure this field has no more than {max} characters.', ar: 'يجب ألا يزيد هذا الحقل عن {max} حرفًا.' },
  min_length: { en: 'Ensure this field has at least {min} characters.', ar: 'يجب ألا يقل هذا الحقل عن {min} أحرف.' },
  max_value: { en: 'Ensure this value is less than or equal to {max}.', ar: 'يجب أن تكون القيمة أقل من أو تساوي {max}.' },
  min_value: { en: 'Ensure this value is greater than or equal to {min}.', ar: 'يجب أن تكون القيمة أكبر من أو تساوي {min}.' },
  max_items: { en: 'Ensure this field has no more than {max} elements.', ar: 'يجب ألا يزيد عدد العناصر عن {max}.' },
  min_items: { en: 'Ensure this field has at least {min} elements.', ar: 'يجب ألا يقل عدد العناصر عن {min}.' },
  unknown_field: { en: 'This field is not accepted.', ar: 'هذا الحقل غير مقبول.' },
  read_only_field: { en: 'This field cannot be set.', ar: 'لا يمكن تعيين هذا الحقل.' },
  decimal_places: {
    en: 'Ensure that there are no more than {places} decimal places.',
    ar: 'يجب ألا يزيد عدد المنازل العشرية عن {places}.',
  },
  max_digits: {
    en: 'Ensure that there are no more than {digits} digits before the decimal point.',
    ar: 'يجب ألا يزيد عدد الأرقام قبل الفاصلة العشرية عن {digits}.',
  },
  not_zero: { en: 'Ensure this value is not zero.', ar: 'يجب ألا تكون القيمة صفرًا.' },
  out_of_range: { en: 'Ensure this value is between {min} and {max}.', ar: 'يجب أن تكون القيمة بين {min} و{max}.' },
  does_not_exist: { en: 'Invalid pk "{id}" - object does not exist.', ar: 'العنصر المختار ({id}) غير موجود.' },
  invalid_id: { en: 'Incorrect type. Expected pk value.', ar: 'اختر عنصرًا صالحًا.' },
  unknown_ordering: {
    en: 'Unknown ordering field "{field}". Allowed: {allowed}.',
    ar: 'حقل ترتيب غير معروف "{field}". المسموح: {allowed}.',
  },
  date_range_order: { en: 'The end must be on or after the start.', ar: 'يجب أن تكون النهاية في يوم البداية أو بعده.' },
  invalid_username: {
    en: 'Enter a valid username: letters, digits and @/./+/-/_ only.',
    ar: 'أدخل اسم مستخدم صالحًا: أحرف وأرقام و@/./+/-/_ فقط.',
  },
  username_taken: { en: 'A user with that username already exists.', ar: 'يوجد مستخدم بهذا الاسم.' },
  password_too_short: {
    en: 'This password is too short. It must contain at least {min} characters.',
    ar: 'كلمة المرور قصيرة جدًا. يجب أن تحتوي على {min} أحرف على الأقل.',
  },
  password_numeric: { en: 'This password is entirely numeric.', ar: 'كلمة المرور مكوّنة من أرقام فقط.' },
  wrong_password: { en: 'Invalid password.', ar: 'كلمة المرور غير صحيحة.' },
  password_is_name: {
    en: 'This password is the name of the product or of the client: choose another.',
    ar: 'كلمة المرور هذه هي اسم المنتج أو اسم العميل: اختر كلمة مرور أخرى.',
  },
  role_not_allowed: { en: 'You cannot assign this role.', ar: 'لا يمكنك إسناد هذا الدور.' },
  own_role: { en: 'You cannot change your own role.', ar: 'لا يمكنك تغيير دورك.' },
  own_account: { en: 'You cannot deactivate your own account.', ar: 'لا يمكنك إيقاف حسابك.' },
  invalid_token: { en: 'Invalid or expired link.', ar: 'الرابط غير صالح أو منتهي الصلاحية.' },
  otp_code_format: { en: 'Enter the 6-digit code.', ar: 'أدخل الرمز المكوّن من 6 أرقام.' },
  otp_setup_not_started: { en: 'Start the set-up first.', ar: 'ابدأ الإعداد أولًا.' },
  idempotency_key_invalid: { en: 'Give a key of 1 to 255 characters.', ar: 'أعطِ مفتاحًا من 1 إلى 255 حرفًا.' },
  invalid_slug: {
    en: 'Enter a valid slug: lower-case letters, digits and single hyphens.',
    ar: 'أدخل معرّفًا صالحًا: أحرف لاتينية صغيرة وأرقام وشرطات.',
  },
  slug_taken: { en: 'A client with this slug already exists.', ar: 'يوجد عميل بهذا المعرّف.' },
  unknown_db_alias: {
    en: 'Unknown database alias "{alias}". Configured: {aliases}.',
    ar: 'اسم قاعدة البيانات "{alias}" غير معروف. المتاح: {aliases}.',
  },
  db_alias_fixed: { en: 'The database of an existing client cannot change.', ar: 'لا يمكن تغيير قاعدة بيانات عميل قائم.' },
  invalid_currency: { en: 'Unsupported currency.', ar: 'عملة غير مدعومة.' },
  invalid_digits: {
    en: 'Choose Arabic-Indic (arab) or Western (latn) digits.',
    ar: 'اختر الأرقام العربية المشرقية (arab) أو الغربية (latn).',
  },
  invalid_timezone: { en: 'Enter a valid IANA time zone, such as Asia/Beirut.', ar: 'أدخل منطقة زمنية صالحة، مثل Asia/Beirut.' },
  invalid_tax_rate: {
    en: 'Enter a percentage between 0 and 100 with at most 3 decimals.',
    ar: 'أدخل نسبة بين 0 و100 بثلاث منازل عشرية كحد أقصى.',
  },
  invalid_invoice_prefix: { en: 'Use letters, digits, "-", "_" and "/" only.', ar: 'استخدم الأحرف والأرقام و"-" و"_" و"/" فقط.' },
  ...UPLOAD_ERROR_MESSAGES,
  too_many_form_fields: { en: 'Too many form fields.', ar: 'حقول النموذج كثيرة جدًا.' },
  form_unreadable: { en: 'The form data could not be read.', ar: 'تعذّرت قراءة بيانات النموذج.' },
  region_name_taken: { en: 'A region with this name already exists.', ar: 'توجد منطقة بهذا الاسم.' },
  street_name_taken: { en: 'A street with this name already exists in this region.', ar: 'يوجد شارع بهذا الاسم في هذه المنطقة.' },
  building_name_taken: { en: 'A building with this name already exists on this street.', ar: 'يوجد مبنى بهذا الاسم في هذا الشارع.' },
  building_not_on_street: { en: 'This building is not on the chosen street.', ar: 'هذا المبنى ليس في الشارع المختار.' },
  building_not_in_region: { en: 'This building is not in the chosen region.', ar: 'هذا المبنى ليس في المنطقة المختارة.' },
  street_not_in_region: { en: 'This street is not in the chosen region.', ar: 'هذا الشارع ليس في المنطقة المختارة.' },
  customer_code_taken: { en: 'A customer with this code already exists.', ar: 'يوجد مشترك بهذا الرمز.' },
  station_code_taken: { en: 'A station with this code already exists.', ar: 'توجد محطة بهذا الرمز.' },
  bundle_inactive: { en: 'This bundle is not active.', ar: 'هذه الباقة غير مفعّلة.' },
  subscription_changed: { en: 'The subscription changed meanwhile. Try again.', ar: 'تغيّر الاشتراك في هذه الأثناء. حاول مجددًا.' },
  lower_reading: {
    en: 'The new reading ({value}) is lower than the previous reading ({previous}).',
    ar: 'القراءة الجديدة ({value}) أقل من القراءة السابقة ({previous}).',
  },
  lower_final_reading: {
    en: 'The final reading ({value}) is lower than the previous reading ({previous}).',
    ar: 'القراءة النهائية ({value}) أقل من القراءة السابقة ({previous}).',
  },
  invoice_cancelled: { en: 'This invoice is cancelled.', ar: 'هذه الفاتورة ملغاة.' },
  invoice_has_payments: {
    en: 'This invoice has payments: reverse them before cancelling it.',
    ar: 'لهذه الفاتورة دفعات: اعكسها قبل إلغاء الفاتورة.',
  },
  period_already_billed: {
    en: 'This subscription already has a live invoice ({number}) for this period. Cancel it first to bill the period again.',
    ar: 'لهذا الاشتراك فاتورة قائمة ({number}) عن هذه الفترة. ألغِها أولًا لإعادة فوترة الفترة.',
  },
  subscription_closed: {
    en: "This subscription is closed: use the customer's current subscription.",
    ar: 'هذا الاشتراك مغلق: استخدم الاشتراك الحالي للمشترك.',
  },
  period_end_before_start: { en: 'The period must end on or after its start.', ar: 'يجب أن تنتهي الفترة في يوم بدايتها أو بعده.' },
  lines_required: { en: 'Give at least one line.', ar: 'أضف بندًا واحدًا على الأقل.' },
  invoice_source_required: {
    en: 'Give a subscription (bill a meter) or a customer with lines.',
    ar: 'اختر اشتراكًا (فوترة عدّاد) أو مشتركًا مع بنود.',
  },
  meter_invoice_has_no_lines: {
    en: 'An invoice from a meter takes no lines: its lines come from the bundle.',
    ar: 'فاتورة العدّاد لا تقبل بنودًا: بنودها تأتي من الباقة.',
  },
  invoice_total_too_large: { en: 'The invoice total is too large.', ar: 'مجموع الفاتورة كبير جدًا.' },
  overpay: {
    en: 'The amount ({amount}) is more than the balance due ({balance}).',
    ar: 'المبلغ ({amount}) أكبر من الرصيد المستحق ({balance}).',
  },
  reversal_reason_required: { en: 'A reason is required to reverse a payment.', ar: 'يلزم ذكر سبب لعكس دفعة.' },
  reverses_needs_negative: { en: 'Only a negative amount reverses a payment.', ar: 'المبلغ السالب وحده يعكس دفعة.' },
  reversal_of_reversal: { en: 'A reversal cannot itself be reversed.', ar: 'لا يمكن عكس عملية عكس.' },
  reversal_exceeds_paid: {
    en: 'A reversal cannot take back more than was paid ({paid}).',
    ar: 'لا يمكن أن يسترد العكس أكثر مما دُفع ({paid}).',
  },
  reversal_exceeds_left: {
    en: 'A reversal cannot take back more than is left of that payment ({left}).',
    ar: 'لا يمكن أن يسترد العكس أكثر مما تبقّى من تلك الدفعة ({left}).',
  },
  handover_needs_from_user: {
    en: 'A handover needs the staff member who hands the cash over.',
    ar: 'التسليم يحتاج إلى الموظف الذي يسلّم النقد.',
  },
  collector_payments_off: {
    en: 'Collectors may not take payments: the setting is off.',
    ar: 'لا يُسمح للمحصّلين بتحصيل الدفعات: الإعداد متوقف.',
  },
  collector_cannot_reverse: {
    en: 'A collector cannot reverse a payment.',
    ar: 'لا يمكن للمحصّل عكس دفعة.',
  },
  collector_cash_only: {
    en: 'A collector takes cash only.',
    ar: 'المحصّل يستلم النقد فقط.',
  },
  payment_not_held: {
    en: 'Payment {id} is not cash held by this collector.',
    ar: 'الدفعة {id} ليست نقداً بحوزة هذا المحصّل.',
  },
  handover_reason_required: { en: 'Give the reason for the difference.', ar: 'اذكر سبب الفرق.' },
  counted_with_counted_amount: { en: 'Send counted or counted_amount, not both.', ar: 'أرسل المبالغ المعدودة أو مبلغًا واحدًا، لا الاثنين.' },
  count_per_currency: { en: 'Cash held in {currencies}: count each currency.', ar: 'في النقد المحتجز عملة {currencies}: اعدد كل عملة.' },
  currency_counted_twice: { en: '{currency} is counted twice.', ar: 'العملة {currency} معدودة مرتين.' },
  receipt_of_reversal: {
    en: 'A reversal has no receipt.',
    ar: 'لا إيصال لعملية العكس.',
  },
  transfer_to_self: { en: 'The cash must go to someone else.', ar: 'يجب أن يذهب النقد إلى شخص آخر.' },
  // Billing rules (docs/billing.md).
  reading_billed: {
    en: 'This reading was billed by invoice {number}: cancel that invoice first.',
    ar: 'فُوترت هذه القراءة في الفاتورة {number}: ألغِ تلك الفاتورة أولًا.',
  },
  reading_already_voided: { en: 'This reading is already void.', ar: 'هذه القراءة ملغاة من قبل.' },
  reading_not_latest: {
    en: "Only the meter's latest reading can be voided: void the later readings first.",
    ar: 'لا يمكن إلغاء إلا آخر قراءة للعداد: ألغِ القراءات اللاحقة أولًا.',
  },
  reading_void_not_allowed: {
    en: 'A collector may void only a reading they took today.',
    ar: 'لا يمكن للجابي إلغاء إلا قراءة أخذها هو اليوم.',
  },
  reading_implausible: {
    en: 'This reading means a consumption of {consumption} {unit}, more than the meter can draw since the previous reading ({limit} {unit}). Check it, or confirm it is unusual.',
    ar: 'تعني هذه القراءة استهلاك {consumption} {unit}، وهو أكثر مما يستطيع العداد سحبه منذ القراءة السابقة ({limit} {unit}). تحقّق منها، أو أكّد أنها غير معتادة.',
  },
  amount_too_large: {
    en: 'The amounts of this invoice are beyond what can be stored: check the readings and prices.',
    ar: 'مبالغ هذه الفاتورة تتجاوز ما يمكن حفظه: تحقّق من القراءات والأسعار.',
  },
  period_overlaps: {
    en: 'This period overlaps invoice {number} ({period_start} to {period_end}). Cancel it first, or bill the days after it.',
    ar: 'هذه الفترة تتداخل مع الفاتورة {number} (من {period_start} إلى {period_end}). ألغِها أولًا، أو افوتر الأيام التي بعدها.',
  },
  period_before_subscription: {
    en: 'The period starts before the subscription started ({started_on}).',
    ar: 'تبدأ الفترة قبل بدء الاشتراك ({started_on}).',
  },
  period_in_future: { en: 'The period starts after today ({today}).', ar: 'تبدأ الفترة بعد اليوم ({today}).' },
  period_too_long: { en: 'A meter is billed {days} days at most at a time.', ar: 'يُفوتر العداد {days} يومًا على الأكثر في كل مرة.' },
  month_not_begun: {
    en: 'This month has not begun: the period starts after today ({today}).',
    ar: 'هذا الشهر لم يبدأ بعد: تبدأ الفترة بعد اليوم ({today}).',
  },
  date_in_future: { en: 'This date is in the future.', ar: 'هذا التاريخ في المستقبل.' },
  date_too_old: { en: 'This date is more than {days} days ago.', ar: 'هذا التاريخ أقدم من {days} يومًا.' },
  start_too_old: {
    en: 'A subscription may start at most 12 months back, on {earliest} or later.',
    ar: 'يمكن أن يبدأ الاشتراك قبل 12 شهرًا على الأكثر، في {earliest} أو بعده.',
  },
  start_before_subscription: {
    en: 'The new subscription cannot start before the current one started ({started_on}).',
    ar: 'لا يمكن أن يبدأ الاشتراك الجديد قبل بدء الاشتراك الحالي ({started_on}).',
  },
  start_in_billed_period: {
    en: 'Invoice {number} already bills the current bundle until {period_end}: start the change after it, or cancel the invoice first.',
    ar: 'الفاتورة {number} تفوتر الباقة الحالية حتى {period_end}: ابدأ التغيير بعد ذلك، أو ألغِ الفاتورة أولًا.',
  },
  date_before_issue: {
    en: 'A payment cannot be dated before the invoice was issued ({issued_on}).',
    ar: 'لا يمكن تأريخ دفعة قبل تاريخ إصدار الفاتورة ({issued_on}).',
  },
  allocation_unknown_invoice: {
    en: 'Invoice {invoice} is not an open invoice of this customer.',
    ar: 'الفاتورة {invoice} ليست فاتورة مفتوحة لهذا الزبون.',
  },
  allocation_duplicate_invoice: { en: 'Invoice {invoice} is listed twice.', ar: 'الفاتورة {invoice} مذكورة مرتين.' },
  allocation_not_positive: {
    en: 'The amount for invoice {invoice} must be more than zero.',
    ar: 'يجب أن يكون مبلغ الفاتورة {invoice} أكبر من صفر.',
  },
  allocation_exceeds_balance: {
    en: 'The amount for invoice {invoice} is more than its balance due ({balance}).',
    ar: 'مبلغ الفاتورة {invoice} أكبر من رصيدها المستحق ({balance}).',
  },
  allocations_exceed_amount: {
    en: 'The amounts given to invoices ({total}) are more than the payment ({amount}).',
    ar: 'المبالغ الموزّعة على الفواتير ({total}) أكبر من الدفعة ({amount}).',
  },
  credit_refund_exceeds_credit: {
    en: "The refund is more than the customer's credit ({credit}).",
    ar: 'المبلغ المسترد أكبر من رصيد الزبون الدائن ({credit}).',
  },
  credit_note_exceeds_invoice: {
    en: 'The credit note is more than what is left to credit on this invoice ({left}).',
    ar: 'إشعار الدائن أكبر مما تبقّى قابلًا للإشعار في هذه الفاتورة ({left}).',
  },
  credit_note_amount_or_lines: { en: 'Give either an amount or lines, not both.', ar: 'أدخل مبلغًا أو بنودًا، لا الاثنين معًا.' },
  date_before_previous: { en: 'This date is before the previous one ({previous}).', ar: 'هذا التاريخ يسبق التاريخ السابق ({previous}).' },
  // Tariffs, currencies and security.
  tariff_in_use: {
    en: 'An invoice was priced with this tariff, so it cannot change. Add a new tariff from a later month instead.',
    ar: 'سُعّرت فاتورة بهذه التعرفة، لذا لا يمكن تغييرها. أضف تعرفة جديدة تبدأ من شهر لاحق بدلًا من ذلك.',
  },
  second_currency_same: {
    en: 'The second currency must differ from the billing currency.',
    ar: 'يجب أن تختلف العملة الثانية عن عملة الفوترة.',
  },
  currency_not_accepted: {
    en: 'This invoice can be paid in {currencies} only.',
    ar: 'لا يمكن دفع هذه الفاتورة إلا بـ {currencies}.',
  },
  exchange_rate_missing: {
    en: 'This invoice has no exchange rate for {currency}: set the rate of its month before it is issued, or take the payment in {billing}.',
    ar: 'لا سعر صرف لـ {currency} في هذه الفاتورة: حدّد سعر شهرها قبل إصدارها، أو استلم الدفعة بـ {billing}.',
  },
  amounts_with_amount: { en: 'Send either amount or amounts, not both.', ar: 'أرسل المبلغ أو المبالغ بالعملات، لا الاثنين معًا.' },
  second_currency_missing: { en: 'Choose a second currency in the settings first.', ar: 'اختر عملة ثانية في الإعدادات أولًا.' },
  password_too_weak: { en: 'This password is too common or too easy to guess.', ar: 'كلمة المرور هذه شائعة جدًا أو سهلة التخمين.' },
  invalid_month: { en: 'Enter a month as YYYY-MM.', ar: 'أدخل الشهر بالصيغة YYYY-MM.' },
  null_character: { en: 'Null characters are not allowed.', ar: 'يحتوي هذا النص على حرف غير مسموح به.' },
  tiers_empty: { en: 'Give at least one tier, or no tiers at all.', ar: 'أدخل شريحة واحدة على الأقل، أو لا شرائح إطلاقًا.' },
  tier_open_before_last: { en: 'Only the last tier may be open-ended.', ar: 'الشريحة الأخيرة وحدها يمكن أن تكون بلا حد أعلى.' },
  tier_last_must_be_open: { en: 'The last tier must be open-ended (no upper bound).', ar: 'يجب أن تكون الشريحة الأخيرة بلا حد أعلى.' },
  tier_bounds_not_ascending: {
    en: 'Each tier must end above the one before it.',
    ar: 'يجب أن ينتهي حد كل شريحة فوق حد الشريحة التي قبلها.',
  },
  // Route sheets (docs/collectors.md).
  not_a_collector: { en: 'Choose a user with the collector role.', ar: 'اختر مستخدمًا بدور المحصّل.' },
  region_or_station: { en: 'Choose either a region or a station.', ar: 'اختر منطقة أو محطة، واحدة فقط.' },
  route_already_assigned: {
    en: 'This collector already has this region or station.',
    ar: 'هذه المنطقة أو المحطة مسندة إلى هذا المحصّل مسبقًا.',
  },
  not_on_round: { en: 'This customer is not on your round.', ar: 'هذا المشترك ليس ضمن جولتك.' },
  collector_required: { en: 'Choose a collector.', ar: 'اختر محصّلًا.' },
  // Exchange rates quoted either way round (docs/money-and-numbering.md).
  exchange_rate_base_invalid: {
    en: 'Quote the rate for one {billing} or for one {second}.',
    ar: 'حدّد السعر مقابل {billing} واحد أو {second} واحد.',
  },
  exchange_rate_same_currency: {
    en: 'A rate is between two different currencies: {currency} cannot be quoted in {currency}.',
    ar: 'السعر بين عملتين مختلفتين: لا يُسعَّر {currency} بالـ{currency}.',
  },
  service_name_taken: { en: 'Another service already has this name.', ar: 'توجد خدمة أخرى بهذا الاسم.' },
  service_inactive: {
    en: 'This service is disabled: enable it on the Services screen before changing its data.',
    ar: 'هذه الخدمة معطّلة: فعّلها من شاشة الخدمات قبل تعديل بياناتها.',
  },
  service_not_metered: {
    en: 'This service bills a flat fee and has no meters: it takes no readings.',
    ar: 'هذه الخدمة تُفوتَر برسم ثابت ولا عدّادات لها: لا تُسجَّل لها قراءات.',
  },
  service_order_mismatch: {
    en: 'List every service of the client once, in the new order.',
    ar: 'اذكر كل خدمات العميل مرة واحدة بالترتيب الجديد.',
  },
  // Importing customers from a CSV file (docs/tenants-and-settings.md).
  import_unreadable: {
    en: 'The file could not be read as CSV. Save it as "CSV UTF-8 (comma delimited)" and try again.',
    ar: 'تعذّرت قراءة الملف بصيغة CSV. احفظه بصيغة "CSV UTF-8 (مفصول بفواصل)" ثم أعد المحاولة.',
  },
  import_empty: {
    en: 'The file holds no customers: a header row and at least one row are needed.',
    ar: 'لا يحتوي الملف على مشتركين: يلزم صف العناوين وصف واحد على الأقل.',
  },
  import_too_many_rows: {
    en: 'A file may hold {max} customers at most. Split it into several files.',
    ar: 'يمكن أن يحتوي الملف على {max} مشترك كحد أقصى. قسّمه إلى عدة ملفات.',
  },
  import_unknown_column: {
    en: 'Unknown column "{column}". Use the columns of the template.',
    ar: 'عمود غير معروف "{column}". استخدم أعمدة القالب.',
  },
  import_duplicate_column: { en: 'The column "{column}" appears twice.', ar: 'العمود "{column}" مكرر.' },
  import_missing_column: { en: 'The column "{column}" is required.', ar: 'العمود "{column}" مطلوب.' },
  import_name_not_found: { en: 'Nothing named "{name}" was found here.', ar: 'لا يوجد عنصر باسم "{name}" هنا.' },
  import_name_ambiguous: {
    en: 'Several records are named "{name}": give its number (id) instead.',
    ar: 'يوجد أكثر من سجل باسم "{name}": اكتب رقمه (id) بدلًا من الاسم.',
  },
  import_address_parent: { en: 'Give the region and street this belongs to.', ar: 'أدخل المنطقة والشارع اللذين يتبع لهما.' },
  import_code_repeated: { en: 'This code is already used on row {row} of the file.', ar: 'هذا الرمز مستخدم في الصف {row} من الملف.' },
  import_has_errors: {
    en: '{count} rows have errors: nothing was imported. Correct them and try again.',
    ar: 'في {count} صفًا أخطاء: لم يُستورد شيء. صحّحها ثم أعد المحاولة.',
  },
  job_already_running: {
    en: 'A job of this kind is already queued or running (job {job}). Wait for it to finish or cancel it.',
    ar: 'هناك مهمة من هذا النوع في الانتظار أو قيد التنفيذ (المهمة {job}). انتظر انتهاءها أو ألغِها.',
  },
  job_not_active: {
    en: 'This job has already finished: it can no longer be cancelled.',
    ar: 'انتهت هذه المهمة: لم يعد إلغاؤها ممكنًا.',
  },
  job_not_done: {
    en: 'This job has not finished: its document is not ready yet.',
    ar: 'لم تنتهِ هذه المهمة بعد: مستندها غير جاهز.',
  },
  not_ready: {
    en: 'The server is not ready to serve requests: see the failing checks.',
    ar: 'الخادم غير جاهز لخدمة الطلبات: راجع الفحوص التي لم تنجح.',
  },
  invalid_url: { en: 'Enter a valid http or https address.', ar: 'أدخل عنوانًا صالحًا يبدأ بـ http أو https.' },
  channel_credentials_required: {
    en: 'Enter the provider’s credentials, or keep the channel in test mode.',
    ar: 'أدخل بيانات اعتماد المزوّد، أو أبقِ القناة في وضع التجربة.',
  },
  channel_endpoint_required: {
    en: 'Enter the provider’s address, or keep the channel in test mode.',
    ar: 'أدخل عنوان المزوّد، أو أبقِ القناة في وضع التجربة.',
  },
  channel_provider_mismatch: { en: 'This provider does not serve this channel.', ar: 'هذا المزوّد لا يخدم هذه القناة.' },
  unknown_placeholder: {
    en: 'Unknown placeholder {placeholder}. Use only the placeholders listed for this message.',
    ar: 'عنصر نائب غير معروف {placeholder}. استخدم العناصر النائبة المذكورة لهذه الرسالة فقط.',
  },
  invalid_recipient: {
    en: 'Enter an e-mail address for e-mail, or a phone number in international form (+961…) for WhatsApp and SMS.',
    ar: 'أدخل بريدًا إلكترونيًا للبريد، أو رقم هاتف بالصيغة الدولية (+961…) لواتساب والرسائل القصيرة.',
  },
};

/** `{name}` placeholders filled from params; an unknown placeholder stays as written. */
export function formatErrorMessage(code: ErrorCode, language: ErrorLanguage, params?: ErrorParams): string {
  const template = ERROR_MESSAGES[code][language];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
}

/** `?lang=` first, then the Accept-Language list (by its q weights); English otherwise. */
export function errorLanguageOf(acceptLanguage: string | undefined, lang?: string): ErrorLanguage {
  const wanted = [lang ?? '', ...preferredLanguages(acceptLanguage ?? '')];
  for (const tag of wanted) {
    const primary = tag.trim().toLowerCase().split('-')[0] ?? '';
    if ((ERROR_LANGUAGES as readonly string[]).includes(primary)) return primary as ErrorLanguage;
  }
  return 'en';
}

function preferredLanguages(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const weight = rest.map((item) => /^q=([\d.]+)$/.exec(item.trim())?.[1]).find(Boolean);
      return { tag, quality: weight === undefined ? 1 : Number(weight), index };
    })
    .filter((item) => item.tag && item.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((item) => item.tag);
}
