import { files, fillPath, type Endpoint, type UploadedFile, type UrlImages } from '@promo/shared';
import { isAxiosError } from 'axios';
import type { TFunction } from 'i18next';
import { toast } from '@/components/ui/use-toast';
import { api, call } from './api-client';
import { errorLines, type ApiErrorBody } from './error-catalogue';

/**
 * The shared upload step: streams one file to the server as multipart and returns its file id.
 * `kind: 'image'` makes the server accept images only.
 */
export async function uploadFile(file: File, kind: 'image' | 'any' = 'any', onProgress?: (fraction: number) => void) {
  const body = new FormData();
  body.append('file', file, file.name);
  const res = await api.post<{ data: UploadedFile }>(fillPath(files.upload.path), body, {
    params: kind === 'image' ? { kind } : undefined,
    silent: true,
    timeout: 0,
    onUploadProgress: (e) => onProgress?.(e.total ? e.loaded / e.total : 0),
  });
  return res.data.data;
}

/** Upload an image, then attach it with a set-image call (surfaces, products, promotions). */
export async function uploadAndSetImage(setImage: Endpoint, id: number, file: File, onProgress?: (fraction: number) => void) {
  // Shown from the start: the first progress event may only come once the body is on its way.
  onProgress?.(0);
  const uploaded = await uploadFile(file, 'image', onProgress);
  return call<{ url_images: UrlImages }>(
    setImage,
    { params: { id }, body: { file_id: uploaded.file_id, img_name: file.name, make_size: ['original', 'w_200'] } },
    { silent: true },
  );
}

/**
 * uploadAndSetImage for a save that has already succeeded: a failed image does not undo the save,
 * it shows the 'File failed' toast with the server's reason (spec 000 §8) and returns false. The
 * caller then shows no success toast: with one toast at a time it would replace the failure.
 */
export async function attachImageOrWarn(
  setImage: Endpoint,
  id: number,
  file: File,
  t: TFunction,
  onProgress?: (fraction: number) => void,
): Promise<boolean> {
  try {
    await uploadAndSetImage(setImage, id, file, onProgress);
    return true;
  } catch (err) {
    const body = isAxiosError<ApiErrorBody>(err) ? err.response?.data : undefined;
    toast({ variant: 'destructive', title: t('errors.file_failed'), description: errorLines(body, t) || t('errors.unknown') });
    return false;
  }
}
