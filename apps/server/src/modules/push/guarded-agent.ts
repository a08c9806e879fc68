import dns, { type LookupAddress } from 'node:dns';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPublicAddress } from './address';

/**
 * The agent pushes go through. Its DNS lookup refuses a name that resolves to an address that is
 * not public, at the moment of connecting: the check before each send cannot see a name that
 * answers differently a second later (DNS rebinding). The hosts of PUSH_ALLOWED_ORIGINS pass.
 */
export function guardedAgent(allowedOrigins: readonly string[]): https.Agent {
  const allowedHosts = new Set(allowedOrigins.map((o) => new URL(o).hostname));
  const lookup: LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      if (!allowedHosts.has(hostname) && !addresses.every((a) => isPublicAddress(a.address))) {
        const refused = Object.assign(new Error(`${hostname} resolves to an address that is not public`), { code: 'EPUSHADDRESS' });
        return callback(refused, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };
  return new https.Agent({ lookup, keepAlive: false });
}
