import { z } from 'zod';
import { nonEmptyPatch, text } from './schema-blocks.js';
import { permissions } from './permissions.js';

export const groupSchema = z.object({
  id: z.number().int(),
  name: text(),
  description: text().nullable(),
  permissions: z.array(z.enum(permissions)),
  created_at: text(),
  member_count: z.number().int(),
  fixed: z.boolean(),
});
export type Group = z.infer<typeof groupSchema>;

export const groupBodySchema = z.object({
  name: text().trim().min(1).max(100),
  description: text().trim().max(500).nullable().optional(),
  permissions: z.array(z.enum(permissions)).default([]),
});
export type GroupBody = z.infer<typeof groupBodySchema>;

export const groupPatchSchema = nonEmptyPatch(
  z.object({
    name: text().trim().min(1).max(100).optional(),
    description: text().trim().max(500).nullable().optional(),
    permissions: z.array(z.enum(permissions)).optional(),
  }),
);
export type GroupPatch = z.infer<typeof groupPatchSchema>;
