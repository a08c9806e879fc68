import type { TFunction } from 'i18next';
import type { FilePin, FileVersion } from '@promo/shared';
import { FILE_TYPE_LABELS } from '../chat/labels';
import type { ReviewedFile } from './pinned-file';

/** A version that takes pins: an image, or a PDF (its first page). */
export const isPinnable = (v: { type_extension: string; file_name: string }) =>
  v.type_extension === 'image' || /\.pdf$/i.test(v.file_name);

/** What the viewer draws of a version: the image's original rendition, or the PDF itself. */
export function reviewedFile(v: FileVersion): ReviewedFile | null {
  if (v.type_extension === 'image' && v.url_images) return { kind: 'image', src: v.url_images.original, name: v.file_name };
  if (/\.pdf$/i.test(v.file_name)) return { kind: 'pdf', src: v.url_file, name: v.file_name };
  return null;
}

/** The versions that can be set against `v`: its own type, image or document (decision 030). */
export const sameType = (versions: FileVersion[], v: FileVersion) => versions.filter((o) => o.type_file === v.type_file && isPinnable(o));

/** "HQ image · version 2 (current)". */
export function versionLabel(v: FileVersion, t: TFunction) {
  const kind = t(v.type_extension === 'image' ? 'proofing.kind_image' : 'proofing.kind_document');
  return `${t(FILE_TYPE_LABELS[v.type_file])} ${kind} · ${t('proofing.version', { number: v.version })}${v.current ? ` (${t('proofing.current')})` : ''}`;
}

/** The pins that sit on a version (pins name their file by its message number). */
export const pinsOf = (pins: FilePin[] | undefined, v: Pick<FileVersion, 'message_id'> | undefined) =>
  (pins ?? []).filter((p) => !!v && p.message_id === v.message_id);
