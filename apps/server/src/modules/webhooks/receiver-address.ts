import { BlockList, isIP, isIPv4 } from 'node:net';

// Which addresses a webhook may reach. A webhook is a request the server makes on an Admin's
// behalf, so without this rule it reaches whatever the server can: its own loopback services, the
// cloud's metadata address, the office network. Only public unicast addresses pass, unless the
// organisation's allow-list names the host or a range holding the address.

/** Why an address is not public, in the words the delivery log and the 400 use. */
export type AddressKind = 'loopback' | 'private' | 'link-local' | 'unspecified' | 'multicast' | 'reserved';

const RANGES: [string, number, AddressKind][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'private'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  // Class E and the broadcast address 255.255.255.255.
  ['240.0.0.0', 4, 'reserved'],
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['100::', 64, 'reserved'],
  ['2001::', 32, 'reserved'],
  ['2001:db8::', 32, 'reserved'],
  ['fc00::', 7, 'private'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'private'],
  ['ff00::', 8, 'multicast'],
];
const blocked = new Map<AddressKind, BlockList>();
for (const [network, prefix, kind] of RANGES) {
  const list = blocked.get(kind) ?? new BlockList();
  list.addSubnet(network, prefix, isIPv4(network) ? 'ipv4' : 'ipv6');
  blocked.set(kind, list);
}

/** The 16 bytes of an IPv6 address (which `isIP` has accepted). */
function ipv6Bytes(address: string): number[] {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const start = groupsOf(head);
  const end = tail === undefined ? [] : groupsOf(tail);
  const groups = [...start, ...Array(8 - start.length - end.length).fill(0), ...end];
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

/**
 * The IPv4 address an IPv6 one carries and leads to: IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible
 * (::a.b.c.d), NAT64 (64:ff9b::/96, 64:ff9b:1::/48) and 6to4 (2002:abcd:efgh::/16).
 */
function embeddedIpv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  const v4 = (at: number) => bytes.slice(at, at + 4).join('.');
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4(12);
  if (zeros(0, 12) && !zeros(12, 14)) return v4(12);
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b) {
    if (zeros(4, 12)) return v4(12);
    if (bytes[4] === 0 && bytes[5] === 1) return v4(12);
  }
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4(2);
  return null;
}

/** The kind of a non-public address, or null for a public one (or text that is not an address). */
export function addressKind(address: string): AddressKind | null {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return null;
  const carried = family === 6 ? embeddedIpv4(bare) : null;
  for (const [kind, list] of blocked) {
    if (list.check(bare, family === 4 ? 'ipv4' : 'ipv6')) return kind;
    if (carried && list.check(carried, 'ipv4')) return kind;
  }
  return null;
}

/** The organisation's allow-list, read: host names, and addresses or ranges. */
export type AllowList = { hosts: Set<string>; ranges: BlockList };

/** An entry as Node reads it; null when it is neither a host name nor an address nor a range. */
export function parseAllowListEntry(
  entry: string,
): { host: string } | { network: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [network = '', prefixText, extra] = entry.trim().toLowerCase().split('/');
  const family = isIP(network);
  if (extra !== undefined) return null;
  if (family !== 0) {
    const most = family === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? most : Number(prefixText);
    if (!/^\d{1,3}$/.test(prefixText ?? '0') || prefix > most) return null;
    return { network, prefix, family: family === 4 ? 'ipv4' : 'ipv6' };
  }
  // Not an address: a host name, but never one a URL would read as an address (10.1, 0x7f.1).
  if (prefixText !== undefined || network.includes(':')) return null;
  const lastLabel = network.split('.').at(-1) ?? '';
  if (/^(?:\d+|0x[0-9a-f]*)$/.test(lastLabel)) return null;
  return /^[a-z0-9-]+(?:\.[a-z0-9-]+)*$/.test(network) ? { host: network } : null;
}

export function readAllowList(entries: readonly string[]): AllowList {
  const allowList: AllowList = { hosts: new Set(), ranges: new BlockList() };
  for (const entry of entries) {
    const parsed = parseAllowListEntry(entry);
    if (!parsed) continue;
    if ('host' in parsed) allowList.hosts.add(parsed.host);
    else allowList.ranges.addSubnet(parsed.network, parsed.prefix, parsed.family);
  }
  return allowList;
}

/** A URL's host as compared with the allow-list: lower case, no brackets, no trailing dot. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');

/**
 * Why the server must not connect to `address` for a URL of `host`, or null when it may: a
 * public address, or one the allow-list lets through by host name or range.
 */
export function refusal(host: string, address: string, allowList: AllowList): AddressKind | null {
  const kind = addressKind(address);
  if (kind === null || allowList.hosts.has(host)) return null;
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare) === 4 ? 'ipv4' : 'ipv6';
  if (allowList.ranges.check(bare, family)) return null;
  const carried = family === 'ipv6' ? embeddedIpv4(bare) : null;
  if (carried && allowList.ranges.check(carried, 'ipv4')) return null;
  return kind;
}

/** Names that always mean this machine, whatever a resolver says. */
export const isLocalName = (host: string) => host === 'localhost' || host.endsWith('.localhost');
