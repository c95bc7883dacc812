import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { sharingStepKinds, type SharingStep, type SharingStepKind } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';

/** One step as the form holds it: texts as typed, checked when the plan takes it. */
export type StepRow = {
  on: boolean;
  min_score: string;
  polls: string;
  penalty: string;
  numusers: string;
  fakedelay: string;
};
export type StepRows = Record<SharingStepKind, StepRow>;

const DEFAULT_SCORES: Record<SharingStepKind, number> = { note: 30, warn: 55, oscam: 80, suspend: 95 };
const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/** The form's rows for a plan's steps (every kind listed, the plan's own checked). */
export function stepRows(steps: readonly SharingStep[]): StepRows {
  return Object.fromEntries(
    sharingStepKinds.map((kind) => {
      const step = steps.find((s) => s.step === kind);
      return [
        kind,
        {
          on: step !== undefined,
          min_score: String(step?.min_score ?? DEFAULT_SCORES[kind]),
          polls: String(step?.polls ?? 1),
          penalty: step?.penalty?.toString() ?? (kind === 'oscam' ? '1' : ''),
          numusers: step?.numusers?.toString() ?? '',
          fakedelay: step?.fakedelay?.toString() ?? '',
        },
      ];
    }),
  ) as StepRows;
}

/** The steps the rows ask for, as the API takes them. */
export function rowsToSteps(rows: StepRows): SharingStep[] {
  return sharingStepKinds
    .filter((kind) => rows[kind].on)
    .map((kind) => {
      const row = rows[kind];
      const base = { step: kind, min_score: Number(row.min_score), polls: Number(row.polls) };
      return kind === 'oscam'
        ? {
            ...base,
            penalty: numberOrNull(row.penalty),
            numusers: numberOrNull(row.numusers),
            fakedelay: numberOrNull(row.fakedelay),
          }
        : base;
    });
}

type SharingStepsEditorProps = { rows: StepRows; onChange: (rows: StepRows) => void };

/** The plan's anti-sharing ladder: which steps it takes, from which score, after how many polls. */
export function SharingStepsEditor({ rows, onChange }: SharingStepsEditorProps) {
  const { t } = useTranslation();
  const set = (kind: SharingStepKind, patch: Partial<StepRow>) =>
    onChange({ ...rows, [kind]: { ...rows[kind], ...patch } });
  return (
    <Stack sx={{ gap: 1.5 }} data-testid="line-plan-sharing-steps">
      <Typography variant="subtitle2">{t('linePlans.sharingSteps.title')}</Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {t('linePlans.sharingSteps.help')}
      </Typography>
      {sharingStepKinds.map((kind) => {
        const row = rows[kind];
        return (
          <Box
            key={kind}
            sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1.4fr 1fr 1fr' } }}
          >
            <FormControlLabel
              control={
                <Checkbox
                  checked={row.on}
                  onChange={(e) => set(kind, { on: e.target.checked })}
                  slotProps={{ input: { 'data-testid': `line-plan-step-${kind}` } as object }}
                />
              }
              label={t(`linePlans.sharingSteps.kinds.${kind}`)}
            />
            <TextField
              size="small"
              type="number"
              disabled={!row.on}
              label={t('linePlans.sharingSteps.minScore')}
              value={row.min_score}
              onChange={(e) => set(kind, { min_score: e.target.value })}
              slotProps={{ htmlInput: { min: 1, max: 100, 'data-testid': `line-plan-step-${kind}-score` } }}
            />
            <TextField
              size="small"
              type="number"
              disabled={!row.on}
              label={t('linePlans.sharingSteps.polls')}
              value={row.polls}
              onChange={(e) => set(kind, { polls: e.target.value })}
              slotProps={{ htmlInput: { min: 1, max: 1000, 'data-testid': `line-plan-step-${kind}-polls` } }}
            />
            {kind === 'oscam' && row.on && (
              <>
                <TextField
                  select
                  size="small"
                  label={t('linePlans.sharingSteps.penalty')}
                  value={row.penalty}
                  onChange={(e) => set(kind, { penalty: e.target.value })}
                >
                  <MenuItem value="">{t('linePlans.sharingSteps.penaltyNone')}</MenuItem>
                  {[0, 1, 2, 3].map((level) => (
                    <MenuItem key={level} value={String(level)}>
                      {t(`linePlans.sharingSteps.penalties.${level as 0 | 1 | 2 | 3}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  size="small"
                  type="number"
                  label={t('linePlans.sharingSteps.numusers')}
                  value={row.numusers}
                  onChange={(e) => set(kind, { numusers: e.target.value })}
                  slotProps={{ htmlInput: { min: 0, max: 100 } }}
                />
                <TextField
                  size="small"
                  type="number"
                  label={t('linePlans.sharingSteps.fakedelay')}
                  value={row.fakedelay}
                  onChange={(e) => set(kind, { fakedelay: e.target.value })}
                  slotProps={{ htmlInput: { min: 0, max: 60000 } }}
                />
              </>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
