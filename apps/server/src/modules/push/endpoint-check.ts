import dns from 'node:dns';
import { isIP } from 'node:net';
import { isPublicAddress } from './address';

/** Every address a host name resolves to. */
export type Lookup = (hostname: string) => Promise<string[]>;

/** The keys under `validation.*` an endpoint can be refused with. */
export type EndpointRefusal = 'push_endpoint_invalid' | 'push_endpoint_https' | 'push_endpoint_not_public' | 'push_endpoint_unresolvable';

const LOOKUP_TIMEOUT_MS = 3000;

export const systemLookup: Lookup = (hostname) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`lookup of ${hostname} timed out`)), LOOKUP_TIMEOUT_MS);
    dns.lookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(addresses.map((a) => a.address));
    });
  });

/** A DNS name of letters, digits and hyphens; anything else is not worth a lookup. */
const DNS_NAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Checks a push endpoint before it is stored and again before each send (a name may resolve
 * elsewhere by then): an https URL whose host, and every address its name resolves to, is public.
 * Origins in `allowedOrigins` pass as they are. Returns the normalised URL or the refusal's key.
 */
export async function checkPushEndpoint(
  endpoint: string,
  opts: { allowedOrigins: readonly string[]; lookup: Lookup },
): Promise<{ ok: true; url: string } | { ok: false; refusal: EndpointRefusal }> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, refusal: 'push_endpoint_invalid' };
  }
  if (url.username || url.password) return { ok: false, refusal: 'push_endpoint_invalid' };
  if (opts.allowedOrigins.includes(url.origin)) return { ok: true, url: url.href };
  if (url.protocol !== 'https:') return { ok: false, refusal: 'push_endpoint_https' };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) return isPublicAddress(host) ? { ok: true, url: url.href } : { ok: false, refusal: 'push_endpoint_not_public' };
  // `localhost` itself goes through the lookup below like any name; its subdomains may not resolve there.
  if (host.endsWith('.localhost')) return { ok: false, refusal: 'push_endpoint_not_public' };
  if (!DNS_NAME.test(host)) return { ok: false, refusal: 'push_endpoint_invalid' };
  let addresses: string[];
  try {
    addresses = await opts.lookup(host);
  } catch {
    return { ok: false, refusal: 'push_endpoint_unresolvable' };
  }
  if (!addresses.length) return { ok: false, refusal: 'push_endpoint_unresolvable' };
  if (!addresses.every(isPublicAddress)) return { ok: false, refusal: 'push_endpoint_not_public' };
  return { ok: true, url: url.href };
}
