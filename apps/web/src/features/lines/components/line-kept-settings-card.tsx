import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Line, LinePlan, LineRestrictions, RestrictionKey } from '@linedesk/shared';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useLineActions } from '../hooks/use-line-actions';
import { useUpdateLine } from '../hooks/use-lines';
import {
  keptSettingLabels,
  keptSettings,
  parseSettingText,
  settingText,
  withoutSetting,
} from '../lib/kept-settings';

type Props = { line: Line; plan: LinePlan | undefined; admin: boolean };

/**
 * "Kept from the server": what the line's entry had on its server that the panel keeps for it, each
 * of its own settings beside its plan's value (its own wins), and the entry's other lines as they
 * are written. Everyone may give a setting back to the plan; administrators edit them.
 */
export const LineKeptSettingsCard = memo(function LineKeptSettingsCard({ line, plan, admin }: Props) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const update = useUpdateLine();
  const { reportSync } = useLineActions();
  const [editing, setEditing] = useState(false);
  const [texts, setTexts] = useState<Partial<Record<RestrictionKey, string>>>({});
  const [extraText, setExtraText] = useState('');
  const settings = keptSettings(line.restriction_overrides);
  const extra = line.entry_extra ?? null;
  const extraLines = extra?.oscam ?? (extra?.cccam !== undefined ? [extra.cccam] : []);
  if (settings.length === 0 && extraLines.length === 0) return null;

  const save = (body: Parameters<typeof update.mutate>[0]['body']) =>
    update.mutate(
      { id: line.id, body },
      {
        onSuccess: (result) => {
          setEditing(false);
          reportSync(result, t('lines.edit.saved'));
        },
      },
    );

  const startEditing = () => {
    setTexts(Object.fromEntries(settings.map(({ key, value }) => [key, settingText(key, value)])));
    setExtraText(extraLines.join('\n'));
    setEditing(true);
  };

  const saveEdits = () => {
    const overrides: Record<string, unknown> = {};
    // An emptied field is "none" (the key is not written); "Use the plan's" gives it back to the plan.
    for (const { key } of settings) overrides[key] = parseSettingText(key, texts[key] ?? '') ?? null;
    const lines = extraText.split('\n').filter((text) => text.trim() !== '');
    const entryExtra =
      extra?.cccam !== undefined ? { cccam: extraText.trim() } : lines.length > 0 ? { oscam: lines } : null;
    save({ restriction_overrides: overrides as LineRestrictions, entry_extra: entryExtra });
  };

  // A line's groups are shown by their package names, never as numbers.
  const lineValue = (key: RestrictionKey, value: LineRestrictions[RestrictionKey]) =>
    key === 'groups' ? (line.packages ?? []).join(', ') : settingText(key, value);
  const planValue = (key: RestrictionKey) => {
    if (!plan) return '';
    if (key === 'groups') return plan.packages.join(', ');
    return settingText(key, plan.restrictions[key] as LineRestrictions[RestrictionKey]);
  };

  return (
    <Card data-testid="line-kept-card">
      <CardHeader title={t('lines.kept.title')} subheader={t('lines.kept.subtitle')} />
      <CardContent>
        <Stack sx={{ gap: 2 }}>
          {update.isError && (
            <Alert severity="error" data-testid="line-kept-error">
              {errorMessage(update.error)}
            </Alert>
          )}
          {settings.map(({ key, value }) => (
            <Box
              key={key}
              data-testid={`line-kept-${key}`}
              sx={{
                display: 'grid',
                gap: 1,
                alignItems: 'center',
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr auto' },
                borderBottom: 1,
                borderColor: 'divider',
                pb: 1.5,
              }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t(keptSettingLabels[key] as 'linePlans.fields.au')}
              </Typography>
              {editing && admin ? (
                <TextField
                  size="small"
                  value={texts[key] ?? ''}
                  placeholder={t('lines.kept.none')}
                  onChange={(e) => setTexts((all) => ({ ...all, [key]: e.target.value }))}
                  slotProps={{ htmlInput: { 'data-testid': `line-kept-input-${key}` } }}
                />
              ) : (
                <Box>
                  <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                    {t('lines.kept.lineValue')}
                  </Typography>
                  <Typography
                    variant="body2"
                    data-testid={`line-kept-value-${key}`}
                    sx={{ wordBreak: 'break-word' }}
                  >
                    {value === null
                      ? t('lines.kept.noneOverPlan', {
                          plan: (plan && planValue(key)) || t('lines.kept.none'),
                        })
                      : lineValue(key, value) || t('lines.kept.none')}
                  </Typography>
                </Box>
              )}
              <Box>
                <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                  {t('lines.kept.planValue')}
                </Typography>
                <Typography
                  variant="body2"
                  data-testid={`line-kept-plan-${key}`}
                  sx={{ wordBreak: 'break-word' }}
                >
                  {/* Until the plans have loaded, nothing rather than a wrong "None". */}
                  {plan ? planValue(key) || t('lines.kept.none') : '…'}
                </Typography>
              </Box>
              <Button
                size="small"
                variant="text"
                disabled={update.isPending || editing}
                onClick={() =>
                  save({ restriction_overrides: withoutSetting(line.restriction_overrides, key) })
                }
                data-testid={`line-kept-reset-${key}`}
              >
                {t('lines.kept.usePlan')}
              </Button>
            </Box>
          ))}
          {(extraLines.length > 0 || (editing && admin)) && (
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
                {t('lines.kept.extraTitle')}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
                {t('lines.kept.extraHelp')}
              </Typography>
              {editing && admin ? (
                <TextField
                  multiline
                  minRows={2}
                  fullWidth
                  value={extraText}
                  onChange={(e) => setExtraText(e.target.value)}
                  slotProps={{ htmlInput: { 'data-testid': 'line-kept-extra-input', spellCheck: false } }}
                  sx={{ '& textarea': { fontFamily: 'monospace' } }}
                />
              ) : (
                <Box
                  component="pre"
                  data-testid="line-kept-extra"
                  sx={{
                    m: 0,
                    p: 1.5,
                    bgcolor: 'action.hover',
                    borderRadius: 1,
                    fontFamily: 'monospace',
                    fontSize: 13,
                    whiteSpace: 'pre-wrap',
                    wordBreak: 'break-all',
                  }}
                >
                  {extraLines.join('\n')}
                </Box>
              )}
            </Box>
          )}
          {admin && (
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
              {editing ? (
                <>
                  <Button color="inherit" onClick={() => setEditing(false)}>
                    {t('common.cancel')}
                  </Button>
                  <Button
                    variant="contained"
                    loading={update.isPending}
                    onClick={saveEdits}
                    data-testid="line-kept-save"
                  >
                    {t('common.saveChanges')}
                  </Button>
                </>
              ) : (
                <Button variant="outlined" onClick={startEditing} data-testid="line-kept-edit">
                  {t('lines.kept.edit')}
                </Button>
              )}
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
});
