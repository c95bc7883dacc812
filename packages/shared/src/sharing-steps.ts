import { z } from 'zod';

/**
 * A plan's anti-sharing ladder (docs/sharing-score.md, "Steps"): at a sharing score threshold, held
 * for a number of polls in a row, one step applies once per sharing episode.
 * `note`: a history row on the line; `warn`: a notice to the line's owner; `oscam`: OSCam's own
 * anti-sharing keys on the line's account while the episode lasts (OSCam servers only); `suspend`:
 * the line is suspended.
 */
export const sharingStepKinds = ['note', 'warn', 'oscam', 'suspend'] as const;
export type SharingStepKind = (typeof sharingStepKinds)[number];

/** OSCam's per-account anti-cascading `penalty` (oscam.user): 0 log, 1 fake CWs, 2 ban, 3 delayed CWs. */
export const OSCAM_PENALTIES = [0, 1, 2, 3] as const;

export const sharingStepSchema = z.object({
  step: z.enum(sharingStepKinds, { error: 'LINE_PLAN_INVALID_SHARING_STEPS' }),
  /** The score (1–100) at or above which the step counts a poll. */
  min_score: z
    .number({ error: 'LINE_PLAN_INVALID_SHARING_STEPS' })
    .int({ error: 'LINE_PLAN_INVALID_SHARING_STEPS' })
    .min(1, { error: 'LINE_PLAN_INVALID_SHARING_STEPS' })
    .max(100, { error: 'LINE_PLAN_INVALID_SHARING_STEPS' }),
  /** Polls in a row at or above `min_score` before the step applies (1: the first such poll). */
  polls: z
    .number({ error: 'LINE_PLAN_INVALID_SHARING_STEPS' })
    .int({ error: 'LINE_PLAN_INVALID_SHARING_STEPS' })
    .min(1, { error: 'LINE_PLAN_INVALID_SHARING_STEPS' })
    .max(1000, { error: 'LINE_PLAN_INVALID_SHARING_STEPS' }),
  /** `oscam` only: OSCam's `penalty`. */
  penalty: z
    .number({ error: 'LINE_PLAN_INVALID_SHARING_STEPS' })
    .int({ error: 'LINE_PLAN_INVALID_SHARING_STEPS' })
    .min(0, { error: 'LINE_PLAN_INVALID_SHARING_STEPS' })
    .max(3, { error: 'LINE_PLAN_INVALID_SHARING_STEPS' })
    .nullish(),
  /** `oscam` only: OSCam's `numusers` (viewers allowed before the penalty; 0 turns it off). */
  numusers: z
    .number({ error: 'LINE_PLAN_INVALID_SHARING_STEPS' })
    .int({ error: 'LINE_PLAN_INVALID_SHARING_STEPS' })
    .min(0, { error: 'LINE_PLAN_INVALID_SHARING_STEPS' })
    .max(100, { error: 'LINE_PLAN_INVALID_SHARING_STEPS' })
    .nullish(),
  /** `oscam` only: OSCam's `fakedelay` in milliseconds (the delay of penalty 3). */
  fakedelay: z
    .number({ error: 'LINE_PLAN_INVALID_SHARING_STEPS' })
    .int({ error: 'LINE_PLAN_INVALID_SHARING_STEPS' })
    .min(0, { error: 'LINE_PLAN_INVALID_SHARING_STEPS' })
    .max(60_000, { error: 'LINE_PLAN_INVALID_SHARING_STEPS' })
    .nullish(),
});
export type SharingStep = z.infer<typeof sharingStepSchema>;

export const sharingStepsSchema = z
  .array(sharingStepSchema)
  .max(8, { error: 'LINE_PLAN_INVALID_SHARING_STEPS' })
  .refine((steps) => new Set(steps.map((s) => s.step)).size === steps.length, {
    error: 'LINE_PLAN_INVALID_SHARING_STEPS',
  })
  .refine((steps) => steps.every((s) => s.step !== 'oscam' || s.penalty != null || s.numusers != null), {
    error: 'LINE_PLAN_INVALID_SHARING_STEPS',
  });

/** A step as the API answers it. */
export const sharingStepValueSchema = z.object({
  step: z.enum(sharingStepKinds),
  min_score: z.number().int(),
  polls: z.number().int(),
  penalty: z.number().int().nullable().optional(),
  numusers: z.number().int().nullable().optional(),
  fakedelay: z.number().int().nullable().optional(),
});

/** The oscam.user keys OSCam's step writes: those it sets replace the entry's own while it lasts. */
export const OSCAM_SHARING_KEYS = ['penalty', 'numusers', 'fakedelay'] as const;

/** The `[account]` lines of an `oscam` step, in OSCam's own syntax. */
export function oscamSharingLines(step: Pick<SharingStep, 'penalty' | 'numusers' | 'fakedelay'>): string[] {
  return OSCAM_SHARING_KEYS.flatMap((key) => {
    const value = step[key];
    return value == null ? [] : [`${key} = ${value}`];
  });
}
