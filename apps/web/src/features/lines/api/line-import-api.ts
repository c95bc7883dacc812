import {
  contractPath,
  lineImportContracts,
  type ContractInput,
  type LineImportOptions,
  type LineImportPreviewBody,
} from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

type UploadCall = ContractInput<typeof lineImportContracts.upload>;

/** Under ['line-import'], the key a `line_imports` live event refreshes. */
export const lineImportKeys = {
  all: ['line-import'] as const,
  one: (id: number) => ['line-import', 'one', id] as const,
  preview: (id: number, body: LineImportPreviewBody) => ['line-import', 'preview', id, body] as const,
};

export function lineImportResultsUrl(id: number): string {
  return contractPath(lineImportContracts.resultsCsv.path, { id });
}

export type LineImportUpload = { file: File; format: string; encoding: string };

export const lineImportApi = {
  /** The file goes as a multipart form, which the contract leaves to the server's own reading. */
  upload: ({ file, format, encoding }: LineImportUpload) => {
    const body = new FormData();
    body.append('format', format);
    body.append('encoding', encoding);
    body.append('file', file, file.name);
    return callApi(lineImportContracts.upload, { body } as UploadCall);
  },
  get: (id: number, signal?: AbortSignal) => callApi(lineImportContracts.get, { params: { id } }, { signal }),
  preview: (id: number, body: LineImportPreviewBody, signal?: AbortSignal) =>
    callApi(lineImportContracts.preview, { params: { id }, body }, { signal }),
  start: (id: number, body: LineImportOptions) =>
    callApi(lineImportContracts.start, { params: { id }, body }),
};
