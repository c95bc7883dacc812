import { z } from 'zod';
import { permissions } from './permissions.js';

export const groupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.enum(permissions)),
  created_at: z.string(),
  member_count: z.number().int(),
  fixed: z.boolean(),
});
export type Group = z.infer<typeof groupSchema>;

export const groupBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500).nullable().optional(),
  permissions: z.array(z.enum(permissions)).default([]),
});
export type GroupBody = z.infer<typeof groupBodySchema>;

export const groupPatchSchema = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  description: z.string().trim().max(500).nullable().optional(),
  permissions: z.array(z.enum(permissions)).optional(),
});
export type GroupPatch = z.infer<typeof groupPatchSchema>;
