import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AuditChange, AuditEntry } from '@meterline/contract/audit';
import {
  AUDIT_FIELDS,
  auditFieldKind,
  isAuditReferenceKind,
  type AuditFieldKind,
  type HistoryEntity,
} from '@meterline/contract/audit-fields';
import { currencyDecimals, formatMoney, formatMoneyAmount } from '@meterline/contract/money-format';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useAudit } from '../api/get-audit';
import { formatDate, formatDateTime } from '../lib/format-date';
import {
  formatCount,
  formatDecimal,
  isolateLtr,
  isolateText,
  formatCode,
  localizeDigits,
  numberLocale,
  stripBidiMarks,
} from '../lib/format-number';
import { useSession } from '../lib/session';
import { RecordState } from './record-state';
import { useTenantCurrency } from './money';

/** How the values of a history are written: the user's language (and digits), the tenant's currency and time zone, the service's unit. */
export interface HistoryFormat {
  language: string;
  currency: string;
  timeZone?: string;
  /** The unit of readings and quantities ("kWh"), as the meter card writes it. */
  unit?: string;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

function moneyText(amount: string, format: HistoryFormat): string {
  return isolateLtr(stripBidiMarks(formatMoney(amount, format.currency, numberLocale(format.language))));
}

/** Minor units ("1250") as the amount they are in the tenant's currency ("12.50"); undefined for anything else. */
function minorUnitsAmount(value: unknown, currency: string): string | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  if (!/^-?\d+$/.test(String(value))) return undefined;
  return formatMoneyAmount(BigInt(value), currencyDecimals(currency));
}

/** A catalogue's text for a code (a status, a language), or the code itself as staff typed it. */
function catalogueText(t: TFunction, key: string, value: string, language: string): string {
  return t(key as 'history.nothing', { defaultValue: '' }) || isolateText(localizeDigits(value, language));
}

/**
 * One side of a change as the screens show it (docs/web.md, "History"): a name for an id, an amount
 * in the tenant's currency, a date in the tenant's zone, numbers in the user's digits, a status
 * through its catalogue. Undefined: nothing the screen can show (never JSON).
 */
function valueText(
  kind: AuditFieldKind,
  value: unknown,
  name: string | null | undefined,
  t: TFunction,
  format: HistoryFormat,
): string | undefined {
  const { language } = format;
  if (isEmpty(value)) return t('history.nothing');
  if (isAuditReferenceKind(kind)) return name ? isolateText(localizeDigits(name, language)) : t('history.removedRecord');
  if (typeof value === 'object') return undefined;
  const text = String(value);
  switch (kind) {
    case 'text':
      return isolateText(localizeDigits(text, language));
    case 'verbatim':
      return isolateText(text);
    case 'code':
      return isolateLtr(formatCode(text, language));
    case 'money': {
      const amount = minorUnitsAmount(value, format.currency);
      return amount === undefined ? undefined : moneyText(amount, format);
    }
    case 'amount':
      return moneyText(text, format);
    case 'quantity':
      return isolateLtr(format.unit ? `${formatDecimal(text, language)} ${format.unit}` : formatDecimal(text, language));
    case 'date':
      return formatDate(text, language) || undefined;
    case 'datetime':
      return formatDateTime(text, language, format.timeZone) || undefined;
    case 'count':
      return Number.isFinite(Number(value)) ? formatCount(Number(value), language) : undefined;
    case 'boolean':
      return value === true ? t('history.yes') : value === false ? t('history.no') : undefined;
    case 'customer_status':
      return catalogueText(t, `customers.status.${text}`, text, language);
    case 'invoice_status':
      return catalogueText(t, `invoices.status.${text}`, text, language);
    case 'language':
      return catalogueText(t, `followUpSettings.languages.${text}`, text, language);
    case 'channel':
      return catalogueText(t, `history.channels.${text}`, text, language);
    default:
      return undefined;
  }
}

/** A field's label, from `history.fields`; every field of the History tabs' entities has one (a test checks both languages). */
function fieldLabel(field: string, t: TFunction): string {
  return t(`history.fields.${field}` as 'history.nothing', { defaultValue: '' });
}

interface ShownChange {
  field: string;
  before: string;
  after: string;
  hadValue: boolean;
  hasValue: boolean;
}

/**
 * The changes a screen shows, in the catalogue's order (a customer's name before its address, a
 * reading before its time): fields of the entity's catalogue with a label, never bookkeeping
 * (`hidden`) nor an unknown field, nor a change that reads the same on both sides (two moments of
 * the same minute).
 */
function shownChanges(entry: AuditEntry, t: TFunction, format: HistoryFormat): ShownChange[] {
  const order = Object.keys((AUDIT_FIELDS as Record<string, Record<string, AuditFieldKind>>)[entry.entity] ?? {});
  const changes = [...entry.changes].sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
  return changes.flatMap((change: AuditChange) => {
    const kind = auditFieldKind(entry.entity, change.field);
    const field = fieldLabel(change.field, t);
    if (!kind || kind === 'hidden' || !field) return [];
    const before = valueText(kind, change.before, change.before_name, t, format);
    const after = valueText(kind, change.after, change.after_name, t, format);
    if (before === undefined || after === undefined || before === after) return [];
    return [{ field, before, after, hadValue: !isEmpty(change.before), hasValue: !isEmpty(change.after) }];
  });
}

/** A change under its entry's first line: "bundle from 5 A to 10 A", "reason: typo". */
function detailOf({ field, before, after, hadValue, hasValue }: ShownChange, t: TFunction): string {
  if (!hadValue) return t('history.detailSet', { field, after });
  if (!hasValue) return t('history.detailCleared', { field, before });
  return t('history.detailChanged', { field, before, after });
}

/**
 * One audit row as lines, the first saying who did what: an edit of one field as one sentence
 * ("Rania Khoury changed the bundle from 5 A to 10 A"); an edit of several as "Rania Khoury changed
 * it" and a line per field ("bundle from 5 A to 10 A"); any other action as "Rania Khoury: recorded
 * a reading" and a line per detail ("reading from 100 to 150", "reason: typo").
 */
export function describeEntry(entry: AuditEntry, t: TFunction, format: HistoryFormat): string[] {
  const actor = entry.actor?.name
    ? isolateText(entry.actor.name)
    : entry.actor_role === 'superadmin'
      ? t('history.platform')
      : t('history.someone');
  if (entry.action === 'create') return [t('history.created', { actor })];
  if (entry.action === 'delete') return [t('history.deleted', { actor })];
  const changes = shownChanges(entry, t, format);
  if (entry.action === 'update') {
    const [only] = changes;
    if (changes.length !== 1 || !only) return [t('history.updated', { actor }), ...changes.map((change) => detailOf(change, t))];
    const { field, before, after, hadValue, hasValue } = only;
    if (!hadValue) return [t('history.set', { actor, field, after })];
    if (!hasValue) return [t('history.cleared', { actor, field, before })];
    return [t('history.changed', { actor, field, before, after })];
  }
  const key = `history.actions.${entry.action}` as 'history.actions.cancel';
  const action = t(key, { defaultValue: '' }) || t('history.actions.other');
  return [t('history.action', { actor, action }), ...changes.map((change) => detailOf(change, t))];
}

/**
 * The history tab of a record (customer, invoice), or of a meter's readings (`subscription`):
 * newest first, in plain words, who and when.
 */
export function HistoryList(
  props: ({ entity: Exclude<HistoryEntity, 'reading'>; entityId: number } | { entity: 'reading'; subscription: number }) & {
    /** The service's unit, written after readings and quantities. */
    unit?: string;
  },
) {
  const { t, i18n } = useTranslation();
  const currency = useTenantCurrency();
  const timeZone = useSession().user?.tenant?.timezone;
  const format: HistoryFormat = { language: i18n.language, currency, timeZone, unit: props.unit };
  const history = useAudit(
    'subscription' in props
      ? { entity: props.entity, subscription: props.subscription, page_size: 100 }
      : { entity: props.entity, entity_id: String(props.entityId), page_size: 100 },
  );
  if (history.isPending || history.isError) {
    return (
      <RecordState
        isPending={history.isPending}
        error={history.error}
        failedMessage={t('history.loadFailed')}
        rows={2}
        onRetry={() => void history.refetch()}
      >
        {null}
      </RecordState>
    );
  }
  if (history.data.results.length === 0) return <Typography color="text.secondary">{t('history.empty')}</Typography>;
  return (
    <Paper variant="outlined">
      <List aria-label={t('history.tab')}>
        {history.data.results.map((entry) => (
          <ListItem key={entry.id} divider>
            <ListItemText
              primary={describeEntry(entry, t, format).map((line, index) =>
                index === 0 ? (
                  <Typography key={index} component="span" sx={{ display: 'block' }}>
                    {line}
                  </Typography>
                ) : (
                  // A detail: "Bundle from 5 A to 10 A" (the label starts it, in a sentence's lower case).
                  <Typography
                    key={index}
                    component="span"
                    variant="body2"
                    sx={{ display: 'block', '&::first-letter': { textTransform: 'uppercase' } }}
                  >
                    {line}
                  </Typography>
                ),
              )}
              secondary={formatDateTime(entry.at, i18n.language, timeZone)}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
