import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type ReactNode } from 'react';

/**
 * A list's filter selects for `DataTable`'s `filters`: inline from `sm` up; on phones folded under
 * one "Filters" button (with the number set) so the cards start high on the screen.
 */
export function ListFilters({ label, activeCount, children }: { label: string; activeCount: number; children: ReactNode }) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const [isOpen, setOpen] = useState(activeCount > 0);
  const panelId = useId();
  if (!isPhone) return <>{children}</>;
  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen((open) => !open)}
        startIcon={
          <Badge badgeContent={activeCount} color="primary">
            <FilterListOutlined />
          </Badge>
        }
        sx={{ justifyContent: 'flex-start', minHeight: 48 }}
      >
        {label}
      </Button>
      <Collapse in={isOpen} id={panelId} unmountOnExit>
        <Stack spacing={1.5}>{children}</Stack>
      </Collapse>
    </>
  );
}
