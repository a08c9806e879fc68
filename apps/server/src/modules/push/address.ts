import { isIP } from 'node:net';

/**
 * Whether an IP address is an ordinary public unicast address a push service may have
 * (decision 022). A push endpoint is a URL the server fetches, so everything that reaches inside
 * (loopback, private, CGNAT, link-local, unique-local) or is not a host at all (unspecified,
 * multicast, broadcast, documentation, reserved) is refused. Anything unparsable is refused too.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return isPublicV4(v4ToNumber(address));
  if (family === 6) {
    const value = v6ToBigInt(address);
    return value !== null && isPublicV6(value);
  }
  return false;
}

/** [first address, prefix length] of the IPv4 blocks that are not public hosts. */
const V4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255
];

const V4_RANGES = V4_BLOCKED.map(([first, bits]) => {
  const start = v4ToNumber(first);
  return { start, end: start + 2 ** (32 - bits) - 1 };
});

function v4ToNumber(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function isPublicV4(value: number): boolean {
  return !V4_RANGES.some((r) => value >= r.start && value <= r.end);
}

/** [first address, prefix length] inside 2000::/3 (global unicast) that are not public hosts. */
const V6_BLOCKED: [string, number][] = [
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, benchmarking …)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside, reached through a relay
  ['3fff::', 20], // documentation (RFC 9637)
];

const V6_RANGES = V6_BLOCKED.map(([first, bits]) => {
  const start = v6ToBigInt(first)!;
  return { start, end: start + (1n << BigInt(128 - bits)) - 1n };
});

const MAPPED_V4 = 0xffffn << 32n; // ::ffff:0:0/96
const NAT64 = 0x64ff9bn << 96n; // 64:ff9b::/96

function isPublicV6(value: bigint): boolean {
  // An IPv4 address written as IPv6 is judged as that IPv4 address.
  if (value >> 32n === MAPPED_V4 >> 32n || value >> 32n === NAT64 >> 32n) return isPublicV4(Number(value & 0xffffffffn));
  // Only global unicast is public: this leaves out ::, ::1, fc00::/7, fe80::/10, ff00::/8 and the rest.
  if (value >> 125n !== 1n) return false;
  return !V6_RANGES.some((r) => value >= r.start && value <= r.end);
}

/** An IPv6 address (as `isIP` accepts it, with a zone or a dotted IPv4 tail) as a 128-bit number. */
function v6ToBigInt(address: string): bigint | null {
  let text = address.split('%')[0]!.toLowerCase();
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const v4 = v4ToNumber(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups];
  return groups.reduce((n, g) => (n << 16n) + BigInt(parseInt(g, 16)), 0n);
}
