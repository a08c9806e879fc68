import i18next from 'i18next';
import { formatDecimal } from '@/lib/format';

/**
 * A file's size computed here (a brief file, an attachment before it is sent), in the units the
 * chat's server-sent '1.20 Mb' uses, written in the interface language: 1,20 Mb in Norwegian.
 */
export function formatFileSize(bytes: number, lang = i18next.language): string {
  const two = (n: number) => formatDecimal(n, { min: 2, max: 2 }, lang);
  if (!(bytes > 0)) return `${two(0)} Kb`;
  if (bytes < 1024 * 1024) return `${two(bytes / 1024)} Kb`;
  return `${two(bytes / (1024 * 1024))} Mb`;
}
