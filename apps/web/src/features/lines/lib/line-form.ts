import {
  defaultPlanPrices,
  isValidLineCredential,
  languages,
  lineCreateBodySchema,
  linePatchBodySchema,
  type Line,
  type LineCreateBody,
  type LinePatchBody,
} from '@linedesk/shared';
import { z } from 'zod';

/**
 * A form text ('' = none) held to the API's own rule for that field, so a limit lives in the shared
 * schema alone; the API's length limit shows as TOO_LONG, any other refusal with the API's code.
 */
function apiText(field: z.ZodType) {
  return z.string().superRefine((value, ctx) => {
    const issue = value === '' ? undefined : field.safeParse(value).error?.issues[0];
    if (issue)
      ctx.addIssue({ code: 'custom', message: issue.code === 'too_big' ? 'TOO_LONG' : issue.message });
  });
}
const apiEmail = (field: z.ZodType) =>
  z
    .string()
    .trim()
    .pipe(apiText(field))
    .refine((value) => value === '' || z.email().safeParse(value).success, { error: 'INVALID_EMAIL' });

/** The customer's language for the mails they get; '' = the owner's (stored as none). */
const customerLanguage = z.enum(['', ...languages]);

const createFields = lineCreateBodySchema.shape;
const patchFields = linePatchBodySchema.shape;
const hostPortField = patchFields.host_port.unwrap();

/** The agent writes these verbatim into CCcam.cfg / oscam.user, so the API refuses what would break it. */
const credential = (invalid: string, required: string, trim = false) =>
  (trim ? z.string().trim() : z.string())
    .min(1, { error: required })
    .refine((value) => value === '' || isValidLineCredential(value), { error: invalid });

/**
 * The add form for a plan offering these durations (in months). Field-level checks mirror the API
 * so mistakes show next to the field; the API keeps the last word (e.g. a taken username) and its
 * message is shown translated.
 */
export function addLineFormSchemaFor(durations: readonly number[]) {
  return z.object({
    username: credential('LINE_INVALID_USERNAME', 'LINE_CREDENTIALS_REQUIRED', true),
    password: credential('LINE_INVALID_PASSWORD', 'LINE_CREDENTIALS_REQUIRED'),
    is_trial: z.boolean(),
    subscription_months: z.number().refine((value) => durations.includes(value), {
      error: 'LINE_INVALID_DURATION',
    }),
    /** '' = the default plan. */
    plan_id: z.string(),
    /** '' = let the API pick the newest active server. */
    server_id: z.string(),
    notes: apiText(createFields.notes),
    name: apiText(createFields.name),
    email: apiEmail(createFields.email),
    language: customerLanguage,
    company: apiText(createFields.company),
  });
}

/** The add form on the default plan, whose durations are the spec's. */
export const addLineFormSchema = addLineFormSchemaFor(defaultPlanPrices().map((p) => p.months));
export type AddLineFormValues = z.input<typeof addLineFormSchema>;

export function addLineDefaults(): AddLineFormValues {
  return {
    username: '',
    password: '',
    is_trial: false,
    subscription_months: 1,
    plan_id: '',
    server_id: '',
    notes: '',
    name: '',
    email: '',
    language: '',
    company: '',
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function toCreateBody(values: AddLineFormValues): LineCreateBody {
  return {
    username: values.username.trim(),
    password: values.password,
    ...(values.is_trial ? { is_trial: true } : { subscription_months: values.subscription_months }),
    ...(values.server_id ? { server_id: Number(values.server_id) } : {}),
    ...(values.plan_id ? { plan_id: Number(values.plan_id) } : {}),
    notes: orNull(values.notes),
    name: orNull(values.name),
    email: orNull(values.email),
    language: values.language || null,
    company: orNull(values.company),
  };
}

/** The edit form; `expiry_date` is YYYY-MM-DD and only admins may change it. */
export const editLineFormSchema = z.object({
  password: credential('LINE_INVALID_PASSWORD', 'REQUIRED'),
  expiry_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'LINE_INVALID_EXPIRY_DATE' }),
  notes: apiText(patchFields.notes),
  name: apiText(patchFields.name),
  email: apiEmail(patchFields.email),
  language: customerLanguage,
  company: apiText(patchFields.company),
  host_port: z
    .array(apiText(hostPortField.element))
    // The API's limit on the number of entries: checked with empty entries, so a long entry is reported
    // on its own field only.
    .refine((entries) => hostPortField.safeParse(entries.map(() => '')).success, { error: 'TOO_LONG' }),
});
export type EditLineFormValues = z.input<typeof editLineFormSchema>;

export function editLineDefaults(line: Line): EditLineFormValues {
  return {
    password: line.password,
    expiry_date: line.expiry_date,
    notes: line.notes ?? '',
    name: line.name ?? '',
    email: line.email ?? '',
    language: line.language ?? '',
    company: line.company ?? '',
    host_port: [...line.host_port],
  };
}

/** Only what changed, so an untouched password or date is not sent to the server again. */
export function toPatchBody(values: EditLineFormValues, line: Line, admin: boolean): LinePatchBody {
  const body: LinePatchBody = {};
  if (values.password !== line.password) body.password = values.password;
  if (admin && values.expiry_date !== line.expiry_date) body.expiry_date = values.expiry_date;
  const texts = ['notes', 'name', 'email', 'company'] as const;
  for (const key of texts) {
    const next = orNull(values[key]);
    if (next !== (line[key] ?? null)) body[key] = next;
  }
  const language = values.language || null;
  if (language !== line.language) body.language = language;
  const hostPort = values.host_port.map((entry) => entry.trim()).filter(Boolean);
  if (hostPort.join('\n') !== line.host_port.join('\n')) body.host_port = hostPort;
  return body;
}
