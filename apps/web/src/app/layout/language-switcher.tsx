import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../i18n/index';
import { switchLanguage } from '../../i18n/language-switch';
import { Can } from '../../shared/lib/can';
import { LANGUAGE_MENU_WIDTH } from '../../shared/lib/constants';
import { useSettings } from '../../shared/lib/settings-store';

function LanguageMenu() {
  const { t } = useTranslation();
  const { language } = useSettings();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const handleChoose = (next: Language) => {
    void switchLanguage(next);
    setAnchor(null);
  };
  return (
    <>
      <Tooltip title={t('language.change')}>
        <IconButton
          color="inherit"
          aria-label={t('language.change')}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <TranslateOutlined />
        </IconButton>
      </Tooltip>
      {/* MUI's Menu restores focus to the trigger on close. */}
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{
          paper: { sx: { minWidth: LANGUAGE_MENU_WIDTH.min, maxWidth: { xs: LANGUAGE_MENU_WIDTH.maxSmall, sm: LANGUAGE_MENU_WIDTH.max } } },
        }}
      >
        {LANGUAGES.map((option) => (
          <MenuItem key={option} selected={option === language} onClick={() => handleChoose(option)} lang={option}>
            <ListItemText primary={t(`language.${option}`)} secondary={option.toUpperCase()} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** Needs `change app_language`. */
export function LanguageSwitcher() {
  return (
    <Can do="change" on="app_language">
      <LanguageMenu />
    </Can>
  );
}
