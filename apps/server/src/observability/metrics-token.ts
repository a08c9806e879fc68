import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether an Authorization header is `Bearer <token>`. Both sides are hashed first, so the compare
 * is constant-time whatever their lengths (timingSafeEqual needs equal lengths).
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = header?.match(/^Bearer[ \t]+(\S+)[ \t]*$/i);
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && !!match;
}
