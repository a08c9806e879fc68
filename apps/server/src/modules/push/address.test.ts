import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isPublicAddress } from './address';
import { checkPushEndpoint, type Lookup } from './endpoint-check';

const v4 = (a: number, b: number, c: number, d: number) => `${a}.${b}.${c}.${d}`;
const octet = fc.integer({ min: 0, max: 255 });
/** An address inside a /bits block starting at base (given as its first octets). */
const inBlock = (base: [number, number], bits: number) =>
  fc.integer({ min: 0, max: 2 ** (32 - bits) - 1 }).map((offset) => {
    const n = (((base[0] << 24) >>> 0) + (base[1] << 16) + offset) >>> 0;
    return v4(n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255);
  });

describe('isPublicAddress', () => {
  it('refuses the loopback, private, CGNAT, link-local and special IPv4 blocks', () => {
    const blocked = fc.oneof(
      inBlock([127, 0], 8),
      inBlock([10, 0], 8),
      inBlock([172, 16], 12),
      inBlock([192, 168], 16),
      inBlock([100, 64], 10),
      inBlock([169, 254], 16),
      inBlock([0, 0], 8),
      inBlock([224, 0], 4),
      inBlock([240, 0], 4),
    );
    fc.assert(fc.property(blocked, (ip) => !isPublicAddress(ip)));
  });

  it('judges an IPv4 address written as IPv6 (mapped, NAT64) as that IPv4 address', () => {
    fc.assert(
      fc.property(octet, octet, octet, octet, (a, b, c, d) => {
        const ip = v4(a, b, c, d);
        const hex = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
        const expected = isPublicAddress(ip);
        return isPublicAddress(`::ffff:${ip}`) === expected && isPublicAddress(`::ffff:${hex}`) === expected && isPublicAddress(`64:ff9b::${ip}`) === expected;
      }),
    );
  });

  it('refuses IPv6 outside global unicast (::, ::1, fc00::/7, fe80::/10, multicast) and the documentation and 6to4 blocks', () => {
    const group = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
    const tail = fc.array(group, { minLength: 7, maxLength: 7 }).map((g) => g.join(':'));
    const outside = fc.tuple(fc.integer({ min: 0, max: 0xffff }).filter((g) => g < 0x2000 || g >= 0x4000), tail).map(([g, rest]) => `${g.toString(16)}:${rest}`);
    fc.assert(fc.property(outside, (ip) => !isPublicAddress(ip)));
    for (const ip of ['::', '::1', 'fd00::1', 'fc12:3456::1', 'fe80::1', 'fe80::1%eth0', 'ff02::1', '2001:db8::1', '2002:7f00:1::1', '2001::1']) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it('accepts ordinary public addresses, and nothing that is not an address', () => {
    for (const ip of ['8.8.8.8', '142.250.74.110', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2a00:1450:400f:80d::200a', '2606:4700::1111']) {
      expect(isPublicAddress(ip), ip).toBe(true);
    }
    for (const text of ['', 'localhost', '1.2.3', '999.1.1.1', '::g', 'example.com']) expect(isPublicAddress(text), text).toBe(false);
  });
});

describe('checkPushEndpoint', () => {
  const lookupTo =
    (answers: Record<string, string[]>): Lookup =>
    async (host) => {
      if (!answers[host]) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return answers[host];
    };
  const opts = (answers: Record<string, string[]> = {}, allowedOrigins: string[] = []) => ({ allowedOrigins, lookup: lookupTo(answers) });

  it('accepts an https endpoint whose name resolves to public addresses only, normalised', async () => {
    expect(await checkPushEndpoint('https://FCM.googleapis.com/fcm/send/abc', opts({ 'fcm.googleapis.com': ['142.250.74.106', '2a00:1450:400f:80c::200a'] }))).toEqual({
      ok: true,
      url: 'https://fcm.googleapis.com/fcm/send/abc',
    });
  });

  it('refuses a name with any address that is not public (one is enough), and a name that does not resolve', async () => {
    const answers = { 'rebind.example.com': ['93.184.216.34', '127.0.0.1'], 'inside.example.com': ['10.1.2.3'] };
    for (const host of Object.keys(answers)) {
      expect(await checkPushEndpoint(`https://${host}/x`, opts(answers))).toEqual({ ok: false, refusal: 'push_endpoint_not_public' });
    }
    expect(await checkPushEndpoint('https://nowhere.example.com/x', opts(answers))).toEqual({ ok: false, refusal: 'push_endpoint_unresolvable' });
  });

  it('lets the allowed origins through as they are, and only them', async () => {
    const allowed = opts({}, ['https://127.0.0.1:4443']);
    expect(await checkPushEndpoint('https://127.0.0.1:4443/push/a', allowed)).toMatchObject({ ok: true });
    expect(await checkPushEndpoint('https://127.0.0.1:4444/push/a', allowed)).toEqual({ ok: false, refusal: 'push_endpoint_not_public' });
    expect(await checkPushEndpoint('http://127.0.0.1:4443/push/a', allowed)).toEqual({ ok: false, refusal: 'push_endpoint_https' });
  });

  it('never asks the resolver about an IP literal or a malformed name', async () => {
    const asked: string[] = [];
    const lookup: Lookup = async (host) => {
      asked.push(host);
      return ['93.184.216.34'];
    };
    for (const endpoint of ['https://[::1]/', 'https://2130706433/', 'https://0x7f.0.0.1/', 'https://a_b.example.com/', 'https://xn--.example/']) {
      expect((await checkPushEndpoint(endpoint, { allowedOrigins: [], lookup })).ok, endpoint).toBe(false);
    }
    expect(asked).toEqual([]);
  });
});
