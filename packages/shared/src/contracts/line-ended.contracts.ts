import { defineContract } from '../contract.js';
import { lineWriteResultSchema } from '../line.js';
import { idParamsSchema } from '../schema-blocks.js';

const tags = ['lines'];

export const restore = defineContract({
  method: 'POST',
  path: '/api/lines/:id/restore',
  access: { permission: 'view_users' },
  tags,
  summary:
    "Restore an archived line (archived some days after it ended, by the admin's setting): back in the lists and on its server, still expired until renewed (its owner, anyone above it, admins)",
  params: idParamsSchema,
  response: lineWriteResultSchema,
  errors: ['LINE_NOT_FOUND', 'LINE_NOT_ARCHIVED', 'LINE_REFUSED_BY_SERVER'],
});
