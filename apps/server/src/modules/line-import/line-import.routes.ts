import { Readable } from 'node:stream';
import { lineImportContracts, LINE_IMPORT_MAX_BYTES } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { readForm, registerUploadRoutes } from '../tickets/attachment-http.js';
import { previewLineImport } from './line-import-preview.service.js';
import { getLineImport, lineImportResultsCsv } from './line-import-read.service.js';
import { startLineImport } from './line-import-start.service.js';
import { LINE_IMPORT_MAX_MB, uploadLineImport } from './line-import-upload.service.js';

export function registerLineImportRoutes(app: App, ctx: AppContext): void {
  registerUploadRoutes(
    app,
    (uploads) =>
      route(uploads, ctx, lineImportContracts.upload, ({ actor, request }) =>
        uploadLineImport(ctx, actor, async () => {
          if (!request.isMultipart()) return { file: null };
          const { fields, file } = await readForm(request, 'LINE_IMPORT_FILE_TOO_LARGE', {
            max_mb: LINE_IMPORT_MAX_MB,
          });
          return { file, format: fields.get('format'), encoding: fields.get('encoding') };
        }),
      ),
    LINE_IMPORT_MAX_BYTES,
  );
  route(app, ctx, lineImportContracts.get, ({ actor, params }) => getLineImport(ctx, actor, params.id));
  route(app, ctx, lineImportContracts.preview, ({ actor, params, body }) =>
    previewLineImport(ctx, actor, params.id, body),
  );
  route(app, ctx, lineImportContracts.start, ({ actor, params, body }) =>
    startLineImport(ctx, actor, params.id, body),
  );
  route(app, ctx, lineImportContracts.resultsCsv, async ({ actor, params, reply }) => {
    const rows = await lineImportResultsCsv(ctx, actor, params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="line-import-${params.id}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(rows));
  });
}
