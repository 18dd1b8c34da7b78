import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/system';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useParams } from 'react-router';
import { switchLanguage } from '../../../i18n/language-switch';
import { ApiError } from '../../../shared/lib/api-client';
import { useSettings } from '../../../shared/lib/settings-store';
import { createAppTheme } from '../../../shared/lib/theme';
import { readAccessToken } from '../../../shared/lib/tokens';
import { publicBillQueryOptions } from '../api/get-public-bill';
import { PublicBillView } from '../components/public-bill-view';
import { publicBillTexts } from '../../../shared/lib/public-bill-texts';

/**
 * "Check my bill" (`/b/:token`): the page behind the QR of printed invoices and receipts, outside the
 * signed-in shell and without signing in. It opens in the operator's language for its customers
 * (unless a signed-in user's own choice is on this device), switches between English and Arabic,
 * fits a 390 px phone, and prints without its buttons.
 */
export function PublicBillPage() {
  const token = useParams().token ?? '';
  const settings = useSettings();
  const { language } = settings;
  // Always light, whatever this device chose for the app: a bill read on a phone in the sun, and printed.
  const lightTheme = useMemo(() => ({ ...createAppTheme({ ...settings, mode: 'light' }), vars: null }), [settings]);
  const texts = publicBillTexts(language);
  const query = useQuery(publicBillQueryOptions(token));
  const hasFollowedBill = useRef(false);

  useEffect(() => {
    if (!query.data || hasFollowedBill.current) return;
    hasFollowedBill.current = true;
    if (!readAccessToken() && query.data.language !== language) void switchLanguage(query.data.language);
  }, [query.data, language]);

  const isMissing = query.error instanceof ApiError && query.error.status === 404;
  return (
    <ThemeProvider theme={lightTheme}>
      {/* The page's margins and text too: the app's dark body would show beside the column and under the title. */}
      <GlobalStyles styles={{ body: { backgroundColor: lightTheme.palette.background.default, color: lightTheme.palette.text.primary } }} />
      <Box
        component="main"
        sx={{ maxWidth: 560, mx: 'auto', px: 2, py: 3, minHeight: '100vh', bgcolor: 'background.default', color: 'text.primary' }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1, displayPrint: 'none' }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {texts.title}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={language}
            aria-label={texts.language}
            onChange={(_event, next: 'en' | 'ar' | null) => {
              if (next) void switchLanguage(next);
            }}
          >
            <ToggleButton value="en" lang="en">
              English
            </ToggleButton>
            <ToggleButton value="ar" lang="ar">
              العربية
            </ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        {query.isPending ? (
          <Stack role="status" sx={{ alignItems: 'center', py: 6, gap: 2 }}>
            <CircularProgress aria-hidden />
            <Typography>{texts.loading}</Typography>
          </Stack>
        ) : null}
        {isMissing ? <Alert severity="warning">{texts.notFound}</Alert> : null}
        {query.isError && !isMissing ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                {texts.retry}
              </Button>
            }
          >
            {texts.failed}
          </Alert>
        ) : null}
        {query.data ? (
          <>
            <PublicBillView bill={query.data} texts={texts} language={language} />
            <Button variant="contained" onClick={() => window.print()} sx={{ mt: 2, displayPrint: 'none' }} fullWidth>
              {texts.print}
            </Button>
          </>
        ) : null}
      </Box>
    </ThemeProvider>
  );
}
