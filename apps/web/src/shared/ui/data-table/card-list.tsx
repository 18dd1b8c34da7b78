import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { DataTableSelection } from './types';

/** What the cards of a loaded page need (`CardRows`); the list adds its loading and empty states. */
interface CardRowsProps<Row extends { id: number | string }> {
  label: string;
  rows: Row[];
  isRefreshing: boolean;
  getRowHref?(row: Row): string;
  renderCard(row: Row): ReactNode;
  renderCardActions?(row: Row): ReactNode;
  selection?: DataTableSelection<Row>;
  footer: ReactNode;
}

export function CardList<Row extends { id: number | string }>({
  isLoading,
  noRowsText,
  ...cardRows
}: CardRowsProps<Row> & { isLoading: boolean; noRowsText: string }) {
  const { label, rows } = cardRows;
  if (isLoading) {
    return (
      <Stack spacing={1.5} role="status" aria-busy="true" aria-label={label}>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} variant="rounded" height={88} />
        ))}
      </Stack>
    );
  }
  if (rows.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography color="text.secondary">{noRowsText}</Typography>
      </Paper>
    );
  }
  return <CardRows {...cardRows} />;
}

/** Cards a phone's first screen holds: rendered at once, the rest of the page just after. */
const FIRST_SCREEN_CARDS = 6;

/**
 * The cards of a page. When the list first shows, the first screenful is rendered at once and the
 * rest in a transition, which React renders in slices between the phone's other work instead of
 * one long task (the collector's first screen was blocked for over a second; docs/performance.md).
 */
function CardRows<Row extends { id: number | string }>({
  label,
  rows,
  isRefreshing,
  getRowHref,
  renderCard,
  renderCardActions,
  selection,
  footer,
}: CardRowsProps<Row>) {
  const [isFirstScreen, setIsFirstScreen] = useState(rows.length > FIRST_SCREEN_CARDS);
  useEffect(() => {
    if (isFirstScreen) startTransition(() => setIsFirstScreen(false));
  }, [isFirstScreen]);
  const shownRows = isFirstScreen ? rows.slice(0, FIRST_SCREEN_CARDS) : rows;
  return (
    <Stack spacing={1.5}>
      <Stack
        component="ul"
        aria-label={label}
        aria-busy={isRefreshing}
        spacing={1.5}
        sx={{ listStyle: 'none', p: 0, m: 0, opacity: isRefreshing ? 0.5 : 1, transition: 'opacity 150ms' }}
      >
        {shownRows.map((row) => (
          <li key={row.id}>
            <Card
              variant="outlined"
              sx={selection || renderCardActions ? { display: 'flex', alignItems: selection ? 'center' : 'flex-start' } : undefined}
            >
              {selection && (
                <Checkbox
                  checked={selection.selected.includes(row.id)}
                  onChange={(event) =>
                    selection.onChange(
                      event.target.checked ? [...selection.selected, row.id] : selection.selected.filter((id) => id !== row.id),
                    )
                  }
                  slotProps={{ input: { 'aria-label': selection.labelOf(row) } }}
                  sx={{ width: 48, height: 48, ml: 0.5 }}
                />
              )}
              {getRowHref ? (
                <CardActionArea component={RouterLink} to={getRowHref(row)} sx={{ minHeight: 64, flex: 1, minWidth: 0 }}>
                  <CardContent sx={selection ? { pl: 0.5 } : undefined}>{renderCard(row)}</CardContent>
                </CardActionArea>
              ) : (
                <CardContent sx={selection ? { flex: 1, minWidth: 0, pl: 0.5 } : undefined}>{renderCard(row)}</CardContent>
              )}
              {renderCardActions && <Box sx={{ flexShrink: 0, pt: 1, paddingInlineEnd: '4px' }}>{renderCardActions(row)}</Box>}
            </Card>
          </li>
        ))}
      </Stack>
      {footer}
    </Stack>
  );
}
