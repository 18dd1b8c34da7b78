import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { DetailList } from './detail-list';

/** A small table from `sm` up; on phones each row becomes a stacked block of label and value. */
export function ResponsiveTable({
  label,
  headers,
  rows,
  numericColumns = [],
}: {
  label: string;
  headers: string[];
  rows: { key: number; cells: ReactNode[] }[];
  numericColumns?: number[];
}) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  if (isPhone) {
    return (
      <Stack component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
        {rows.map((row) => (
          <Box component="li" key={row.key} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
            <DetailList
              items={row.cells.map((cell, index) => ({ label: headers[index] ?? '', value: cell })).filter((item) => item.value !== '')}
            />
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <Box sx={{ overflowX: 'auto', mt: 1 }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {headers.map((header, index) => (
              <TableCell key={header} align={numericColumns.includes(index) ? 'right' : 'left'}>
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              {row.cells.map((cell, index) => (
                <TableCell key={index} align={numericColumns.includes(index) ? 'right' : 'left'}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
