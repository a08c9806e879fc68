import { files, fillPath, type Endpoint, type UploadedFile, type UrlImages } from '@promo/shared';
import { api, call } from './api-client';

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
export async function uploadAndSetImage(setImage: Endpoint, id: number, file: File) {
  const uploaded = await uploadFile(file, 'image');
  return call<{ url_images: UrlImages }>(
    setImage,
    { params: { id }, body: { file_id: uploaded.file_id, img_name: file.name, make_size: ['original', 'w_200'] } },
    { silent: true },
  );
}
