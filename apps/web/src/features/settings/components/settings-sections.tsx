import Box from '@mui/material/Box';
import NativeSelect from '@mui/material/NativeSelect';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type SettingsSection = {
  /** The section's anchor (`#id`), the same in every language. */
  id: string;
  title: string;
  /** Its cards; a section with none to show for this account is left out. */
  children: ReactNode;
};

function jumpTo(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  target.scrollIntoView({ block: 'start' });
  window.history.replaceState(window.history.state, '', `#${id}`);
}

/**
 * A settings page's sections under their titles, with a table of contents: beside them on a wide
 * screen (it stays in view while the page scrolls), one compact "go to" list on a phone.
 */
export function SettingsSections({ sections }: { sections: SettingsSection[] }) {
  const { t } = useTranslation();
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  const selectId = useId();
  const contents = (
    <Box
      component="nav"
      aria-label={t('settings.contents')}
      data-testid="settings-toc"
      sx={{ position: 'sticky', top: 96, alignSelf: 'start' }}
    >
      <Typography variant="overline" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
        {t('settings.contents')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {sections.map((section) => (
          <li key={section.id}>
            <Box
              component="a"
              href={`#${section.id}`}
              onClick={(event: MouseEvent) => {
                event.preventDefault();
                jumpTo(section.id);
              }}
              data-testid={`settings-toc-${section.id}`}
              sx={{
                display: 'block',
                py: 0.75,
                px: 1.5,
                borderLeft: 2,
                borderColor: 'divider',
                typography: 'body2',
                color: 'text.secondary',
                textDecoration: 'none',
                '&:hover': { color: 'text.primary', borderColor: 'primary.main' },
              }}
            >
              {section.title}
            </Box>
          </li>
        ))}
      </Box>
    </Box>
  );
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 2, md: 4 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '200px minmax(0, 1fr)' },
      }}
    >
      {wide ? (
        contents
      ) : (
        <Box data-testid="settings-toc-phone">
          <label htmlFor={selectId}>
            <Typography variant="overline" component="span" sx={{ color: 'text.secondary' }}>
              {t('settings.goTo')}
            </Typography>
          </label>
          <NativeSelect
            id={selectId}
            fullWidth
            value=""
            onChange={(event) => event.target.value && jumpTo(event.target.value)}
            data-testid="settings-toc-select"
          >
            <option value="" disabled>
              {t('settings.chooseSection')}
            </option>
            {sections.map((section) => (
              <option key={section.id} value={section.id}>
                {section.title}
              </option>
            ))}
          </NativeSelect>
        </Box>
      )}
      <Stack sx={{ gap: 5, minWidth: 0 }}>
        {sections.map((section) => (
          <Box
            component="section"
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            data-testid={`settings-section-${section.id}`}
            sx={{ scrollMarginTop: { xs: 80, md: 96 } }}
          >
            <Typography variant="h6" component="h2" id={`${section.id}-title`} sx={{ mb: 2 }}>
              {section.title}
            </Typography>
            <Stack sx={{ gap: 3 }}>{section.children}</Stack>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
