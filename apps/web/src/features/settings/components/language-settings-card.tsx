import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { isLanguage } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { LanguageFlag } from '../../../components/language-flag';
import { useAppLanguage, useLanguageOptions } from '../../../i18n/use-app-language';

export function LanguageSettingsCard() {
  const { t } = useTranslation();
  const { language, setLanguage } = useAppLanguage();
  const options = useLanguageOptions();
  return (
    <Card>
      <CardHeader title={t('settings.languageTitle')} subheader={t('settings.languageDescription')} />
      <CardContent>
        <RadioGroup
          value={language}
          onChange={(event) => {
            if (isLanguage(event.target.value)) void setLanguage(event.target.value);
          }}
          aria-label={t('settings.languageTitle')}
          sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}
        >
          {options.map((option) => (
            <FormControlLabel
              key={option.value}
              value={option.value}
              control={
                <Radio
                  slotProps={{ input: { 'data-testid': `settings-language-${option.value}` } as object }}
                />
              }
              lang={option.value}
              label={
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5 }}>
                  <LanguageFlag language={option.value} />
                  {option.label}
                </Box>
              }
              sx={{
                m: 0,
                pr: 2,
                borderRadius: 1.5,
                border: (theme) =>
                  `1px solid ${option.value === language ? theme.palette.primary.main : theme.palette.divider}`,
              }}
            />
          ))}
        </RadioGroup>
      </CardContent>
    </Card>
  );
}
