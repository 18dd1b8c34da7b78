import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AuditChange, AuditEntity, AuditEntry } from '@meterline/contract/audit';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useAudit } from '../api/get-audit';
import { formatDateTime } from '../lib/format-date';
import { RecordState } from './record-state';

/** A value of a changed field in words; a screen may name ids (a bundle id as "10 A"). */
export type DescribeValue = (field: string, value: unknown) => string | undefined;

function valueText(field: string, value: unknown, t: TFunction, describe?: DescribeValue): string {
  const described = describe?.(field, value);
  if (described !== undefined) return described;
  if (value === null || value === undefined || value === '') return t('history.nothing');
  if (typeof value === 'boolean') return value ? t('history.yes') : t('history.no');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function fieldLabel(field: string, t: TFunction): string {
  const key = `history.fields.${field}` as 'history.fields.name';
  const label = t(key, { defaultValue: '' });
  return (
    label ||
    field
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/_/g, ' ')
      .toLowerCase()
  );
}

/** One audit row as sentences: "Rania Khoury changed the bundle from 5 A to 10 A". */
export function describeEntry(entry: AuditEntry, t: TFunction, describe?: DescribeValue): string[] {
  const actor = entry.actor?.name || (entry.actor_role === 'superadmin' ? t('history.platform') : t('history.someone'));
  if (entry.action === 'create') return [t('history.created', { actor })];
  if (entry.action === 'delete') return [t('history.deleted', { actor })];
  const sentences = entry.changes.map((change: AuditChange) => {
    const field = fieldLabel(change.field, t);
    const before = valueText(change.field, change.before, t, describe);
    const after = valueText(change.field, change.after, t, describe);
    if (change.before === null || change.before === undefined) return t('history.set', { actor, field, after });
    if (change.after === null || change.after === undefined) return t('history.cleared', { actor, field, before });
    return t('history.changed', { actor, field, before, after });
  });
  if (entry.action !== 'update' || sentences.length === 0) {
    const key = `history.actions.${entry.action}` as 'history.actions.cancel';
    const action = t(key, { defaultValue: entry.action.replace(/_/g, ' ') });
    return [t('history.action', { actor, action }), ...(entry.action === 'update' ? [] : sentences)];
  }
  return sentences;
}

/** The history tab of a record (customer, invoice, meter): newest first, in plain words. */
export function HistoryList({ entity, entityId, describe }: { entity: AuditEntity; entityId: number; describe?: DescribeValue }) {
  const { t, i18n } = useTranslation();
  const history = useAudit({ entity, entity_id: String(entityId), page_size: 100 });
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
              primary={describeEntry(entry, t, describe).map((sentence, index) => (
                <span key={index} style={{ display: 'block' }}>
                  {sentence}
                </span>
              ))}
              secondary={formatDateTime(entry.at, i18n.language)}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
