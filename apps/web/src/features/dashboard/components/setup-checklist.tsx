import CloseOutlined from '@mui/icons-material/CloseOutlined';
import RadioButtonUncheckedOutlined from '@mui/icons-material/RadioButtonUncheckedOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { ONBOARDING_ITEMS, type OnboardingItem } from '@meterline/contract/onboarding-items';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatCount } from '../../../shared/lib/format-number';
import { paths } from '../../../shared/lib/paths';
import { useCan } from '../../../shared/lib/can';
import { useSession } from '../../../shared/lib/session';
import { useOnboarding } from '../api/get-onboarding';

/** The screen that does each item. */
const ITEM_PATHS: Record<OnboardingItem, string> = {
  company: paths.settings,
  currency_tax: paths.settings,
  services: paths.settings,
  bundles: paths.bundleCreate,
  stations: paths.stationCreate,
  addresses: paths.settings,
  staff: paths.userCreate,
  customers: paths.customerImport,
  // The settings' Messages section (features/settings/components/messages-settings.tsx, `MESSAGES_SECTION_ID`).
  channel: `${paths.settings}#messages`,
  test_message: `${paths.settings}#messages`,
};

const dismissedKey = (tenantId: number) => `meterline.onboarding.dismissed.${tenantId}`;

function isDismissed(tenantId: number | undefined): boolean {
  try {
    return tenantId !== undefined && window.localStorage.getItem(dismissedKey(tenantId)) === '1';
  } catch {
    return false;
  }
}

/**
 * The new client's setup checklist on the dashboard (admins; docs/tenants-and-settings.md). Each item is done when its
 * data exists (GET /api/onboarding/) and links to the screen that does it; the card is gone once
 * every item is done, or when the admin hides it (remembered in this browser, per tenant).
 */
export function SetupChecklist() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const tenantId = user?.tenant?.id;
  const canView = useCan('view', 'onboarding');
  const [hidden, setHidden] = useState(() => isDismissed(tenantId));
  const onboarding = useOnboarding({ isEnabled: canView && !hidden });
  if (!canView || hidden || !onboarding.data || onboarding.data.complete) return null;
  const { items, address_levels: levels } = onboarding.data;
  const done = ONBOARDING_ITEMS.filter((item) => items[item]).length;
  // Addresses are done once a building exists: started, the item says what is still missing.
  const hints: Partial<Record<OnboardingItem, string>> = {
    addresses: levels.streets
      ? t('onboarding.hints.addressesBuilding')
      : levels.regions
        ? t('onboarding.hints.addressesStreet')
        : undefined,
  };

  const dismiss = () => {
    try {
      if (tenantId !== undefined) window.localStorage.setItem(dismissedKey(tenantId), '1');
    } catch {
      // Private browsing: hidden for this visit only.
    }
    setHidden(true);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="setup-checklist-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id="setup-checklist-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
            {t('onboarding.title')}
          </Typography>
          <Typography color="text.secondary" variant="body2" sx={{ mt: 0.5 }}>
            {t('onboarding.intro')}
          </Typography>
        </Box>
        <Tooltip title={t('onboarding.dismiss')}>
          <IconButton aria-label={t('onboarding.dismiss')} onClick={dismiss} edge="end">
            <CloseOutlined />
          </IconButton>
        </Tooltip>
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 2 }}>
        <LinearProgress
          variant="determinate"
          value={(done / ONBOARDING_ITEMS.length) * 100}
          sx={{ flex: 1, height: 8, borderRadius: 4 }}
          aria-hidden
        />
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {t('onboarding.progress', { done: formatCount(done, i18n.language), total: formatCount(ONBOARDING_ITEMS.length, i18n.language) })}
        </Typography>
      </Stack>
      <List
        dense
        sx={{ mt: 1, display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, columnGap: 3 }}
      >
        {ONBOARDING_ITEMS.map((item) => {
          const isDone = items[item];
          const hint = isDone ? undefined : hints[item];
          return (
            <ListItem key={item} disableGutters data-item={item} data-done={isDone}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                {isDone ? (
                  <TaskAltOutlined color="success" titleAccess={t('onboarding.done')} />
                ) : (
                  <RadioButtonUncheckedOutlined color="action" titleAccess={t('onboarding.todo')} />
                )}
              </ListItemIcon>
              <ListItemText
                primary={
                  isDone ? (
                    <Typography variant="body2" color="text.secondary" sx={{ textDecoration: 'line-through' }}>
                      {t(`onboarding.items.${item}`)}
                    </Typography>
                  ) : (
                    <Link component={RouterLink} to={ITEM_PATHS[item]} variant="body2" sx={{ fontWeight: 600 }}>
                      {t(`onboarding.items.${item}`)}
                    </Link>
                  )
                }
                secondary={hint}
              />
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
