/** The staff roles (packages/shared/src/staff.ts says what each may do). */
export const staffRoles = ['support', 'billing', 'operations'] as const;
export type StaffRole = (typeof staffRoles)[number];
