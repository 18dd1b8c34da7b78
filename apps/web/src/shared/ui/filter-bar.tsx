import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type ReactNode } from 'react';

/**
 * The filters of a `DataTable` (its `filters` prop): from `sm` up a wrapping row where each field
 * is as wide as it needs (the theme makes text fields full width); on phones folded under one
 * "Filters" button showing how many are set, so the cards start high on a 390 px screen.
 */
export function FilterBar({ label, activeCount, children }: { label: string; activeCount: number; children: ReactNode }) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const [isOpen, setOpen] = useState(activeCount > 0);
  const panelId = useId();
  const fields = (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        flexWrap: 'wrap',
        alignItems: { sm: 'center' },
        gap: 1.5,
        // Beside the search box, taking the rest of the line and wrapping inside it.
        flex: { sm: '1 1 auto' },
        minWidth: 0,
        '& > .MuiTextField-root, & > .MuiAutocomplete-root': { width: { xs: '100%', sm: 'auto' } },
      }}
    >
      {children}
    </Box>
  );
  if (!isPhone) return fields;
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
        {fields}
      </Collapse>
    </>
  );
}
