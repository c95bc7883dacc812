import { emailSchema, passwordSchema } from '@linedesk/shared';
import { z } from 'zod';

// Messages are codes; FormTextField translates them via errors.* / validation.*.
const required = (max: number) => z.string().trim().min(1, { error: 'REQUIRED' }).max(max);

export const signInFormSchema = z.object({
  email: required(254).pipe(emailSchema),
  password: z.string().min(1, { error: 'REQUIRED' }),
});
export type SignInFormValues = z.input<typeof signInFormSchema>;

export const signUpFormSchema = z.object({
  full_name: z.string().trim().max(200),
  email: required(254).pipe(emailSchema),
  password: passwordSchema,
  username: z.string().trim().max(254),
});
export type SignUpFormValues = z.input<typeof signUpFormSchema>;
