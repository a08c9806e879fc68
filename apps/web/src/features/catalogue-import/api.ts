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

/** `mapping`: field -> column, null for a field left out (sent as ''). */
export const startImport = (kind: ImportKind, mode: ImportMode, fileId: number, mapping: Record<string, number | null>) =>
  call<ImportJob>(
    catalogueImport.start,
    { body: { kind, mode, file_id: fileId, mapping: Object.fromEntries(Object.entries(mapping).map(([k, v]) => [k, v ?? ''])) } },
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
