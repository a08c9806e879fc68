import { queryOptions } from '@tanstack/react-query';
import { catalogueImport, fillPath, type ImportJob, type ImportKind, type ImportMode, type ImportUploadData } from '@promo/shared';
import { api, call } from '@/lib/api-client';

/** Streams the file to the server; answers its header row, a few rows and the guessed mapping. */
export async function uploadImportFile(kind: ImportKind, file: File, onProgress?: (fraction: number) => void) {
  const body = new FormData();
  body.append('file', file, file.name);
  const res = await api.post<{ data: ImportUploadData }>(fillPath(catalogueImport.upload.path), body, {
    params: { kind },
    silent: true,
    timeout: 0,
    onUploadProgress: (e) => onProgress?.(e.total ? e.loaded / e.total : 0),
  });
  return res.data.data;
}

export interface ImportChoices {
  /** Field -> column, null for a field left out (sent as ''). */
  mapping: Record<string, number | null>;
  /** Field -> the value of every new row, for a required field the file lacks ('' for none). */
  defaults: Record<string, string>;
}

/** `confirm`: a second import of the upload is meant (else the server answers 409). */
export const startImport = (kind: ImportKind, mode: ImportMode, fileId: number, { mapping, defaults }: ImportChoices, confirm = false) =>
  call<ImportJob>(
    catalogueImport.start,
    {
      body: {
        kind,
        mode,
        file_id: fileId,
        mapping: Object.fromEntries(Object.entries(mapping).map(([k, v]) => [k, v ?? ''])),
        // Only for this kind's fields without a column: a value typed before a column was chosen, or for another file, is not sent.
        defaults: Object.fromEntries(Object.entries(defaults).filter(([k, v]) => mapping[k] === null && v.trim() !== '')),
        confirm,
      },
    },
    { silent: true },
  );

export const isFinished = (job: ImportJob | undefined) => job?.status === 'done' || job?.status === 'failed';

/** A running job, asked for every half second until it has finished. */
export const importJobQuery = (id: number) =>
  queryOptions({
    queryKey: ['catalogue-import', 'job', id],
    queryFn: async ({ signal }) => (await call<ImportJob>(catalogueImport.job, { params: { id } }, { silent: true, signal })).data,
    refetchInterval: (q) => (isFinished(q.state.data) ? false : 500),
  });
