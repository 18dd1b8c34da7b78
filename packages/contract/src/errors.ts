import { z } from 'zod';

/** Values a message needs (`{max}`, `{balance}`, `{number}`), also sent in the body as `params`. */
export const errorParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type ErrorParams = z.infer<typeof errorParamsSchema>;

/** 401/403/404/409/422/429 bodies: `detail` is in the caller's language, `code` is for programs. */
export const errorSchema = z
  .object({ detail: z.string(), code: z.string(), params: errorParamsSchema.optional() })
  .catchall(z.unknown())
  .meta({ id: 'Error' });
export type ApiError = z.infer<typeof errorSchema>;

/** One field error of a 400: the field (`non_field_errors` for the whole body), its code and message. */
export const fieldErrorSchema = z.object({
  field: z.string(),
  code: z.string(),
  message: z.string(),
  params: errorParamsSchema.optional(),
});
export type FieldErrorItem = z.infer<typeof fieldErrorSchema>;

/**
 * 400 bodies: DRF's `{field: [messages], non_field_errors: [...]}`, plus `code` (the first
 * error's), `params` (the first error's, when its message has any) and `errors` (each field error
 * with its code).
 */
export const validationErrorSchema = z
  .object({ code: z.string(), params: errorParamsSchema.optional(), errors: z.array(fieldErrorSchema) })
  .catchall(z.union([z.array(z.string()), z.string()]))
  .meta({ id: 'ValidationError' });
export type ValidationError = z.infer<typeof validationErrorSchema>;

export const ERROR_CODES = {
  invalid: 'invalid',
  notAuthenticated: 'not_authenticated',
  tokenNotValid: 'token_not_valid',
  userInactive: 'user_inactive',
  tenantBlocked: 'tenant_blocked',
  permissionDenied: 'permission_denied',
  notFound: 'not_found',
  conflict: 'conflict',
  protected: 'protected',
  invoiceAlreadyPaid: 'invoice_already_paid',
  idempotencyKeyReused: 'idempotency_key_reused',
  idempotencyKeyInFlight: 'idempotency_key_in_flight',
  throttled: 'throttled',
  otpRequired: 'otp_required',
  otpInvalid: 'otp_invalid',
  authenticationFailed: 'authentication_failed',
  lastAdmin: 'last_admin',
  currencyLocked: 'currency_locked',
  // The catalog of issue 11: every refusal a user can meet has its code here and its texts in
  // error-messages.ts (a code without English or Arabic fails the typecheck and a test).
  serverError: 'server_error',
  databaseUnavailable: 'database_unavailable',
  storageFull: 'storage_full',
  parseError: 'parse_error',
  unsupportedMediaType: 'unsupported_media_type',
  bodyTooLarge: 'too_large',
  invalidPage: 'invalid_page',
  // Field errors from the contract's schemas.
  required: 'required',
  blank: 'blank',
  invalidType: 'invalid_type',
  invalidNumber: 'invalid_number',
  invalidInteger: 'invalid_integer',
  invalidBoolean: 'invalid_boolean',
  invalidChoice: 'invalid_choice',
  invalidEmail: 'invalid_email',
  invalidFormat: 'invalid_format',
  invalidDate: 'invalid_date',
  invalidDateTime: 'invalid_date_time',
  maxLength: 'max_length',
  minLength: 'min_length',
  maxValue: 'max_value',
  minValue: 'min_value',
  maxItems: 'max_items',
  minItems: 'min_items',
  unknownField: 'unknown_field',
  readOnlyField: 'read_only_field',
  decimalPlaces: 'decimal_places',
  maxDigits: 'max_digits',
  notZero: 'not_zero',
  outOfRange: 'out_of_range',
  doesNotExist: 'does_not_exist',
  invalidId: 'invalid_id',
  unknownOrdering: 'unknown_ordering',
  dateRangeOrder: 'date_range_order',
  // Accounts and sign-in.
  invalidUsername: 'invalid_username',
  usernameTaken: 'username_taken',
  passwordTooShort: 'password_too_short',
  passwordNumeric: 'password_numeric',
  wrongPassword: 'wrong_password',
  roleNotAllowed: 'role_not_allowed',
  ownRole: 'own_role',
  ownAccount: 'own_account',
  resetLinkInvalid: 'invalid_token',
  otpCodeFormat: 'otp_code_format',
  otpSetupNotStarted: 'otp_setup_not_started',
  idempotencyKeyInvalid: 'idempotency_key_invalid',
  // Clients, settings and addresses.
  invalidSlug: 'invalid_slug',
  slugTaken: 'slug_taken',
  unknownDbAlias: 'unknown_db_alias',
  dbAliasFixed: 'db_alias_fixed',
  invalidCurrency: 'invalid_currency',
  invalidTimezone: 'invalid_timezone',
  invalidDigits: 'invalid_digits',
  invalidTaxRate: 'invalid_tax_rate',
  invalidInvoicePrefix: 'invalid_invoice_prefix',
  logoNotAFile: 'logo_not_a_file',
  logoTooLarge: 'logo_too_large',
  logoOneFile: 'logo_one_file',
  logoType: 'logo_type',
  logoEmpty: 'logo_empty',
  tooManyFormFields: 'too_many_form_fields',
  formUnreadable: 'form_unreadable',
  regionNameTaken: 'region_name_taken',
  streetNameTaken: 'street_name_taken',
  buildingNameTaken: 'building_name_taken',
  buildingNotOnStreet: 'building_not_on_street',
  buildingNotInRegion: 'building_not_in_region',
  streetNotInRegion: 'street_not_in_region',
  // Customers, stations, bundles, meters.
  customerCodeTaken: 'customer_code_taken',
  stationCodeTaken: 'station_code_taken',
  bundleInactive: 'bundle_inactive',
  subscriptionChanged: 'subscription_changed',
  lowerReading: 'lower_reading',
  lowerFinalReading: 'lower_final_reading',
  // Billing (the codes of billing-common.ts live here now).
  invoiceCancelled: 'invoice_cancelled',
  invoiceHasPayments: 'invoice_has_payments',
  periodAlreadyBilled: 'period_already_billed',
  subscriptionClosed: 'subscription_closed',
  periodEndBeforeStart: 'period_end_before_start',
  linesRequired: 'lines_required',
  invoiceSourceRequired: 'invoice_source_required',
  meterInvoiceHasNoLines: 'meter_invoice_has_no_lines',
  invoiceTotalTooLarge: 'invoice_total_too_large',
  overpay: 'overpay',
  reversalReasonRequired: 'reversal_reason_required',
  reversesNeedsNegative: 'reverses_needs_negative',
  reversalOfReversal: 'reversal_of_reversal',
  reversalExceedsPaid: 'reversal_exceeds_paid',
  reversalExceedsLeft: 'reversal_exceeds_left',
  handoverNeedsFromUser: 'handover_needs_from_user',
  transferToSelf: 'transfer_to_self',
  // Collectors (issue 19).
  collectorPaymentsOff: 'collector_payments_off',
  collectorCannotReverse: 'collector_cannot_reverse',
  collectorCashOnly: 'collector_cash_only',
  paymentNotHeld: 'payment_not_held',
  handoverReasonRequired: 'handover_reason_required',
  receiptOfReversal: 'receipt_of_reversal',
  // Tariffs, currencies and security.
  tariffInUse: 'tariff_in_use',
  secondCurrencySame: 'second_currency_same',
  secondCurrencyMissing: 'second_currency_missing',
  currencyNotAccepted: 'currency_not_accepted',
  exchangeRateMissing: 'exchange_rate_missing',
  amountsWithAmount: 'amounts_with_amount',
  passwordTooWeak: 'password_too_weak',
  nullCharacter: 'null_character',
  invalidMonth: 'invalid_month',
  tiersEmpty: 'tiers_empty',
  tierOpenBeforeLast: 'tier_open_before_last',
  tierLastMustBeOpen: 'tier_last_must_be_open',
  tierBoundsNotAscending: 'tier_bounds_not_ascending',
  // Billing rules (issue 11).
  readingBilled: 'reading_billed',
  readingAlreadyVoided: 'reading_already_voided',
  readingNotLatest: 'reading_not_latest',
  readingVoidNotAllowed: 'reading_void_not_allowed',
  readingImplausible: 'reading_implausible',
  amountTooLarge: 'amount_too_large',
  periodOverlaps: 'period_overlaps',
  periodBeforeSubscription: 'period_before_subscription',
  periodInFuture: 'period_in_future',
  periodTooLong: 'period_too_long',
  monthNotBegun: 'month_not_begun',
  dateInFuture: 'date_in_future',
  dateTooOld: 'date_too_old',
  dateBeforePrevious: 'date_before_previous',
  dateBeforeIssue: 'date_before_issue',
  // Route sheets (issue 19, item 3).
  notACollector: 'not_a_collector',
  regionOrStation: 'region_or_station',
  routeAlreadyAssigned: 'route_already_assigned',
  notOnRound: 'not_on_round',
  collectorRequired: 'collector_required',
  // The customer's account (issue 15).
  allocationUnknownInvoice: 'allocation_unknown_invoice',
  allocationDuplicateInvoice: 'allocation_duplicate_invoice',
  allocationNotPositive: 'allocation_not_positive',
  allocationExceedsBalance: 'allocation_exceeds_balance',
  allocationsExceedAmount: 'allocations_exceed_amount',
  creditRefundExceedsCredit: 'credit_refund_exceeds_credit',
  creditNoteExceedsInvoice: 'credit_note_exceeds_invoice',
  creditNoteAmountOrLines: 'credit_note_amount_or_lines',
  // Exchange rates quoted either way round (issue 14).
  exchangeRateBaseInvalid: 'exchange_rate_base_invalid',
  // Services an admin manages (issue 17, item 6).
  serviceNameTaken: 'service_name_taken',
  serviceInactive: 'service_inactive',
  serviceNotMetered: 'service_not_metered',
  serviceOrderMismatch: 'service_order_mismatch',
  // Importing customers from a CSV file (issue 17).
  importUnreadable: 'import_unreadable',
  importEmpty: 'import_empty',
  importTooManyRows: 'import_too_many_rows',
  importUnknownColumn: 'import_unknown_column',
  importDuplicateColumn: 'import_duplicate_column',
  importMissingColumn: 'import_missing_column',
  importNameNotFound: 'import_name_not_found',
  importNameAmbiguous: 'import_name_ambiguous',
  importAddressParent: 'import_address_parent',
  importCodeRepeated: 'import_code_repeated',
  importHasErrors: 'import_has_errors',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

const KNOWN_CODES: ReadonlySet<string> = new Set(Object.values(ERROR_CODES));

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN_CODES.has(value);
}

export const MESSAGES = {
  permissionDenied: 'You do not have permission to perform this action.',
  notAuthenticated: 'Authentication credentials were not provided.',
  tokenNotValid: 'Given token not valid for any token type',
  notFound: 'Not found.',
  invalidPage: 'Invalid page.',
  badCredentials: 'No active account found with the given credentials',
  nullCharacter: 'Null characters are not allowed.',
  tenantBlocked: 'This client is blocked. Contact the platform administrator.',
  userInactive: 'User is inactive',
  otpRequired: 'A one-time code is required.',
  otpInvalid: 'The one-time code is not valid.',
  throttled: 'Too many attempts. Try again later.',
} as const;

/** A zod issue as both sides see it (the server's validation errors, the web's form resolver). */
export interface ZodIssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  input?: unknown;
  expected?: string;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  params?: Record<string, unknown>;
  keys?: readonly string[];
}

export interface CodedIssue {
  code: ErrorCode;
  params?: ErrorParams;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function limit(value: number | bigint | undefined): number | string {
  return typeof value === 'bigint' ? value.toString() : (value ?? 0);
}

/**
 * The code of a zod issue. A contract schema names its own code as the issue's message
 * (`{ message: ERROR_CODES.invalidDate }`) or in a refinement's `params.code`; otherwise the kind
 * of issue decides (missing → required, too long → max_length with `{max}`, ...).
 */
export function codeOfZodIssue(issue: ZodIssueLike, root?: unknown): CodedIssue {
  const named = issue.params?.code;
  if (isErrorCode(named)) {
    const { code: _code, ...params } = issue.params ?? {};
    const values = Object.fromEntries(
      Object.entries(params).filter(([, value]) => typeof value === 'string' || typeof value === 'number'),
    ) as ErrorParams;
    return Object.keys(values).length ? { code: named, params: values } : { code: named };
  }
  if (issue.code === 'invalid_type') {
    // zod leaves the input out of its issues: the parsed value (body, query, form) tells.
    const input = 'input' in issue ? issue.input : valueAt(root, issue.path);
    if (input === undefined || input === null) return { code: ERROR_CODES.required };
  }
  if (isErrorCode(issue.message)) {
    const limits: ErrorParams = {};
    if (issue.minimum !== undefined) limits.min = limit(issue.minimum);
    if (issue.maximum !== undefined) limits.max = limit(issue.maximum);
    return Object.keys(limits).length ? { code: issue.message, params: limits } : { code: issue.message };
  }
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.expected === 'number' || issue.expected === 'bigint') return { code: ERROR_CODES.invalidNumber };
      if (issue.expected === 'int') return { code: ERROR_CODES.invalidInteger };
      if (issue.expected === 'boolean') return { code: ERROR_CODES.invalidBoolean };
      return { code: ERROR_CODES.invalidType };
    }
    case 'too_big':
      if (issue.origin === 'string') return { code: ERROR_CODES.maxLength, params: { max: limit(issue.maximum) } };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: ERROR_CODES.maxItems, params: { max: limit(issue.maximum) } };
      return { code: ERROR_CODES.maxValue, params: { max: limit(issue.maximum) } };
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? { code: ERROR_CODES.blank }
          : { code: ERROR_CODES.minLength, params: { min: limit(issue.minimum) } };
      }
      if (issue.origin === 'array' || issue.origin === 'set') return { code: ERROR_CODES.minItems, params: { min: limit(issue.minimum) } };
      return { code: ERROR_CODES.minValue, params: { min: limit(issue.minimum) } };
    case 'invalid_value':
    case 'invalid_union':
      return { code: ERROR_CODES.invalidChoice };
    case 'invalid_format':
      if (issue.format === 'email') return { code: ERROR_CODES.invalidEmail };
      if (issue.format === 'date') return { code: ERROR_CODES.invalidDate };
      if (issue.format === 'datetime') return { code: ERROR_CODES.invalidDateTime };
      return { code: ERROR_CODES.invalidFormat };
    case 'unrecognized_keys':
      return { code: ERROR_CODES.unknownField };
    default:
      return { code: ERROR_CODES.invalid };
  }
}
