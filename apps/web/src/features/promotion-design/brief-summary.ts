import { BRIEF_SUMMARY_LENGTH } from '@promo/shared';

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

/**
 * The words of a rich-text description as plain text, one line per paragraph: tags dropped and
 * common entities decoded. Shown as text, never as HTML.
 */
export function briefText(description: string): string {
  return description
    .replace(/<br\b[^>]*>|<\/(p|div|li|h\d)>/gi, '\n')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/&(nbsp|amp|lt|gt|quot|apos|#39);/g, (_, name: string) => ENTITIES[name]!)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/**
 * The brief description summary of spec 001 §2.4: the first 50 characters of its text on one line,
 * and an ellipsis when it is longer (counted in characters, so an emoji is never cut in half).
 */
export function briefSummary(description: string, length = BRIEF_SUMMARY_LENGTH): string {
  const chars = Array.from(briefText(description).replace(/\n/g, ' '));
  if (chars.length <= length) return chars.join('');
  return `${chars.slice(0, length).join('').trimEnd()}…`;
}
