import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../../i18n/language-switch';
import { FONT_FAMILIES, PRESET_COLORS, resetSettings, updateSettings, useSettings } from '../../shared/lib/settings-store';
import { PRESET_SWATCHES } from '../../shared/lib/theme';

const FONT_LABELS: Record<string, string> = {
  [FONT_FAMILIES[0]]: 'Montserrat',
  [FONT_FAMILIES[1]]: 'Noto Sans Arabic',
  [FONT_FAMILIES[2]]: 'System UI',
};

/** Display settings (docs/product/specification.md section 3), saved locally and followed by other tabs. */
export function CustomizationDrawer({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const titleId = useId();
  const radiusLabelId = useId();
  return (
    <Drawer
      anchor="right"
      open={isOpen}
      onClose={onClose}
      // Above the app bar (which sits above the side drawer), so the panel's title stays visible.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 360 } }, 'aria-labelledby': titleId } as object }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2.5, py: 2 }}>
        <Typography id={titleId} variant="h3" component="h2">
          {t('customization.title')}
        </Typography>
        <IconButton aria-label={t('common.close')} onClick={onClose}>
          <CloseOutlined />
        </IconButton>
      </Stack>
      <Divider />
      <Stack spacing={3} sx={{ p: 2.5, overflowY: 'auto' }}>
        <FormControl>
          <FormLabel sx={{ mb: 1 }}>{t('customization.mode')}</FormLabel>
          <ToggleButtonGroup
            exclusive
            fullWidth
            value={settings.mode}
            onChange={(_event, mode: 'light' | 'dark' | null) => mode && updateSettings({ mode })}
            aria-label={t('customization.mode')}
          >
            <ToggleButton value="light">{t('customization.light')}</ToggleButton>
            <ToggleButton value="dark">{t('customization.dark')}</ToggleButton>
          </ToggleButtonGroup>
        </FormControl>

        <FormControl>
          <FormLabel sx={{ mb: 1 }}>{t('customization.preset')}</FormLabel>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {PRESET_COLORS.map((preset, index) => {
              const label = index === 0 ? t('customization.presetDefault') : t('customization.presetNumber', { number: index });
              const isSelected = settings.presetColor === preset;
              return (
                <Tooltip key={preset} title={label}>
                  <IconButton
                    aria-label={label}
                    aria-pressed={isSelected}
                    onClick={() => updateSettings({ presetColor: preset })}
                    sx={{
                      width: 40,
                      height: 40,
                      bgcolor: PRESET_SWATCHES[preset],
                      border: '3px solid',
                      borderColor: isSelected ? 'text.primary' : 'transparent',
                      '&:hover': { bgcolor: PRESET_SWATCHES[preset], opacity: 0.85 },
                    }}
                  />
                </Tooltip>
              );
            })}
          </Stack>
        </FormControl>

        <TextField
          select
          label={t('customization.language')}
          value={settings.language}
          onChange={(event) => void switchLanguage(event.target.value as 'en' | 'ar')}
        >
          <MenuItem value="en">{t('language.en')}</MenuItem>
          <MenuItem value="ar">{t('language.ar')}</MenuItem>
        </TextField>

        <TextField
          select
          label={t('customization.fontFamily')}
          value={settings.fontFamily}
          onChange={(event) => updateSettings({ fontFamily: event.target.value })}
        >
          {FONT_FAMILIES.map((font) => (
            <MenuItem key={font} value={font} sx={{ fontFamily: font }}>
              {FONT_LABELS[font]}
            </MenuItem>
          ))}
        </TextField>

        <Box>
          <Typography id={radiusLabelId} gutterBottom>
            {t('customization.borderRadius')}
          </Typography>
          <Slider
            aria-labelledby={radiusLabelId}
            value={settings.borderRadius}
            min={0}
            max={24}
            step={2}
            marks
            valueLabelDisplay="auto"
            onChange={(_event, value) => updateSettings({ borderRadius: value as number })}
          />
        </Box>

        <FormControl>
          <FormLabel>{t('customization.inputStyle')}</FormLabel>
          <RadioGroup
            row
            value={settings.outlinedFilled ? 'outlined' : 'filled'}
            onChange={(event) => updateSettings({ outlinedFilled: event.target.value === 'outlined' })}
          >
            <FormControlLabel value="outlined" control={<Radio />} label={t('customization.outlined')} />
            <FormControlLabel value="filled" control={<Radio />} label={t('customization.filled')} />
          </RadioGroup>
        </FormControl>

        <FormControl>
          <FormLabel>{t('customization.menuOrientation')}</FormLabel>
          <RadioGroup
            row
            value={settings.menuOrientation}
            onChange={(event) => updateSettings({ menuOrientation: event.target.value as 'vertical' | 'horizontal' })}
          >
            <FormControlLabel value="vertical" control={<Radio />} label={t('customization.vertical')} />
            <FormControlLabel value="horizontal" control={<Radio />} label={t('customization.horizontal')} />
          </RadioGroup>
        </FormControl>

        <FormControlLabel
          control={<Switch checked={settings.miniDrawer} onChange={(event) => updateSettings({ miniDrawer: event.target.checked })} />}
          label={t('customization.miniDrawer')}
        />
        <FormControlLabel
          control={<Switch checked={settings.container} onChange={(event) => updateSettings({ container: event.target.checked })} />}
          label={t('customization.container')}
        />

        <Button variant="outlined" color="error" onClick={() => resetSettings()}>
          {t('customization.reset')}
        </Button>
      </Stack>
    </Drawer>
  );
}
