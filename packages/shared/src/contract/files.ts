import { z } from 'zod';
import { endpoint } from '../endpoint';
import { zIdParam } from '../form-values';

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'tiff'] as const;
export const DOCUMENT_EXTENSIONS = [
  'ai', 'indd', 'doc', 'docx', 'zip', 'rar', '7z', 'txt', 'psd', 'pdf', 'xls', 'xlsx', 'rtf', 'ppt', 'pptx', 'odt',
] as const;
export const MAX_UPLOAD_BYTES = 1024 ** 3;

export const UPLOAD_MESSAGES = {
  empty: 'File is empty. Skipping upload.',
  tooLarge: 'Is too large. Maximum size is 1 GB.',
  unsupported: 'Unsupported file type',
  quota: 'Upload quota reached: too many of your uploaded files are not used yet. Try again later.',
} as const;

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

export const isImageName = (name: string) => (IMAGE_EXTENSIONS as readonly string[]).includes(fileExtension(name));
export const isDocumentName = (name: string) => (DOCUMENT_EXTENSIONS as readonly string[]).includes(fileExtension(name));

export interface UploadedFile {
  file_id: number;
  name: string;
  size: number;
  content_type: string;
}

export const files = {
  /** multipart: `file`; `kind` image takes images only. */
  upload: endpoint({
    method: 'POST',
    path: '/api/files/upload',
    access: 'authenticated',
    query: z.object({ kind: z.enum(['image', 'any']).default('any') }),
    multipart: { file: 'file_id' },
    answer: 'created',
    summary: 'The upload step: stream one file (multipart part `file`) into storage; answers its file_id for a later call to claim',
    example: { query: { kind: 'image' } },
  }),
  image: endpoint({
    method: 'GET',
    path: '/api/images/{id}',
    access: 'authenticated',
    params: zIdParam,
    cookieAuth: true,
    answer: 'file',
    summary: 'An image (a rendition) the caller may see, for <img src>',
    example: { params: { id: 311 } },
  }),
};
