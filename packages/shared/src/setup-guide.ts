import { z } from 'zod';

/**
 * The admin's first-run guide on the dashboard: what a fresh panel needs before anyone can buy
 * credits and sell lines. Each step is worked out by the server from the panel's real data.
 *
 * - GET /api/setup-guide (admin) → SetupGuide
 * - PUT /api/setup-guide SetupGuideBody (admin) → SetupGuide; `hidden` is kept per admin
 */
export const setupGuideStepKeys = [
  'server',
  'credit_packages',
  'contact_details',
  'reseller',
  'sign_up',
] as const;
export const setupGuideStepKeySchema = z.enum(setupGuideStepKeys);
export type SetupGuideStepKey = z.infer<typeof setupGuideStepKeySchema>;

export const setupGuideStepSchema = z.object({
  key: setupGuideStepKeySchema,
  /**
   * server: a server has answered a connection test; credit_packages: an active package exists;
   * contact_details: an email, Telegram or WhatsApp contact is set; reseller: an account in Resellers;
   * sign_up: an admin chose whether anyone may sign up (PUT /api/sign-up-settings), open or closed.
   */
  done: z.boolean(),
});
export type SetupGuideStep = z.infer<typeof setupGuideStepSchema>;

export const setupGuideSchema = z.object({
  steps: z.array(setupGuideStepSchema),
  /** Every step is done. */
  complete: z.boolean(),
  /** This admin chose to hide the guide (before or after it was complete). */
  hidden: z.boolean(),
});
export type SetupGuide = z.infer<typeof setupGuideSchema>;

export const setupGuideBodySchema = z.object({ hidden: z.boolean() });
export type SetupGuideBody = z.infer<typeof setupGuideBodySchema>;

/** Contact details count as set once customers have a way to reach the panel's operator. */
export function contactDetailsSet(details: { email: string; telegram: string; whatsapp: string }): boolean {
  return [details.email, details.telegram, details.whatsapp].some((value) => value.trim() !== '');
}
