import dns from 'node:dns/promises';
import net from 'node:net';
import { AppError, isAppError } from '#shared/errors';

/**
 * The SSRF guard of html-to-pdf and of webhooks: decides whether a host the rendered page touches,
 * or a webhook's receiver, may be reached. A web page is untrusted input; without this, "convert
 * http://169.254.169.254/… to PDF" would print the cloud's credentials, and any page (or webhookUrl)
 * could make the worker probe the internal network.
 *
 * Rules: only http and https; the destination must be a globally reachable unicast address. A name
 * is resolved here and refused when any of its addresses is internal; the address found is the one
 * the connection then uses (the guarded proxy connects to it, so Chromium never resolves names
 * itself and a DNS answer cannot change between the check and the connection). IPv4 written in
 * decimal, hex or octal and IPv4 inside IPv6 (mapped, compatible, NAT64, 6to4) are judged by the
 * IPv4 address they reach. `URL_FETCH_ALLOWLIST` names internal `host:port`s that stay reachable.
 */

export type BlockReason =
  | 'scheme'
  | 'invalid-host'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'multicast'
  | 'unspecified'
  | 'broadcast'
  | 'unique-local'
  | 'metadata'
  | 'reserved';

/** IPv4 blocks that are not globally reachable (IANA special-purpose registry), most specific first. */
const V4_BLOCKS: ReadonlyArray<readonly [string, number, BlockReason]> = [
  ['169.254.169.254', 32, 'metadata'],
  ['255.255.255.255', 32, 'broadcast'],
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'cgnat'],
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
  ['240.0.0.0', 4, 'reserved'],
];

/** IPv6 blocks refused outright. Blocks that embed an IPv4 address are handled before these. */
const V6_BLOCKS: ReadonlyArray<readonly [string, number, BlockReason]> = [
  ['fd00:ec2::254', 128, 'metadata'],
  ['64:ff9b:1::', 48, 'reserved'],
  ['100::', 64, 'reserved'],
  ['2001::', 23, 'reserved'],
  ['2001:db8::', 32, 'reserved'],
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'reserved'],
  ['ff00::', 8, 'multicast'],
];

/** Names that reach the machine itself or a cloud metadata service without asking DNS. */
const BLOCKED_NAMES: ReadonlyMap<string, BlockReason> = new Map([
  ['localhost', 'loopback'],
  ['metadata', 'metadata'],
  ['metadata.google.internal', 'metadata'],
  ['metadata.goog', 'metadata'],
  ['instance-data', 'metadata'],
  ['instance-data.ec2.internal', 'metadata'],
]);

const v4ToInt = (dotted: string) => dotted.split('.').reduce((n, part) => n * 256 + Number(part), 0);

function inV4(value: number, base: string, bits: number): boolean {
  const size = 2 ** (32 - bits);
  return Math.floor(value / size) === Math.floor(v4ToInt(base) / size);
}

function classifyV4(dotted: string): BlockReason | null {
  const value = v4ToInt(dotted);
  return V4_BLOCKS.find(([base, bits]) => inV4(value, base, bits))?.[2] ?? null;
}

/** The 16 bytes of a valid IPv6 address (zone id dropped, a dotted IPv4 tail allowed). */
function v6Bytes(address: string): Uint8Array {
  let text = address.toLowerCase().split('%')[0];
  const tail = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[2].split('.').map(Number);
    text = `${tail[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::');
  const h = head ? head.split(':') : [];
  const t = rest ? rest.split(':') : [];
  const groups = rest === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    const n = Number.parseInt(g, 16);
    bytes[2 * i] = n >> 8;
    bytes[2 * i + 1] = n & 0xff;
  });
  return bytes;
}

function inV6(bytes: Uint8Array, base: string, bits: number): boolean {
  const b = v6Bytes(base);
  for (let i = 0; i < 16 && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((bytes[i] & mask) !== (b[i] & mask)) return false;
  }
  return true;
}

const dottedAt = (bytes: Uint8Array, at: number) => Array.from(bytes.subarray(at, at + 4)).join('.');

function classifyV6(address: string): BlockReason | null {
  const bytes = v6Bytes(address);
  if (bytes.every((b) => b === 0)) return 'unspecified';
  if (bytes.subarray(0, 15).every((b) => b === 0) && bytes[15] === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated) reach the IPv4 address itself.
  if (inV6(bytes, '::ffff:0:0', 96)) return classifyV4(dottedAt(bytes, 12));
  if (inV6(bytes, '::', 96)) return classifyV4(dottedAt(bytes, 12)) ?? 'reserved';
  // NAT64 and 6to4 gateways forward to the IPv4 address they carry.
  if (inV6(bytes, '64:ff9b::', 96)) return classifyV4(dottedAt(bytes, 12));
  if (inV6(bytes, '2002::', 16)) return classifyV4(dottedAt(bytes, 2));
  const listed = V6_BLOCKS.find(([base, bits]) => inV6(bytes, base, bits))?.[2];
  if (listed) return listed;
  // Everything outside global unicast 2000::/3 is reserved.
  return inV6(bytes, '2000::', 3) ? null : 'reserved';
}

/** Why an IP address may not be reached, or null when it is a globally reachable unicast address. */
export function classifyIp(address: string): BlockReason | null {
  if (net.isIPv4(address)) return classifyV4(address);
  if (net.isIPv6(address)) return classifyV6(address);
  return 'invalid-host';
}

/**
 * An IPv4 address in any form inet_aton (and the URL standard) accepts: 1 to 4 parts, each decimal,
 * octal (leading 0) or hex (0x), the last part filling the remaining bytes — "2130706433",
 * "0x7f.0.0.1", "0177.0.0.1", "127.1". Returns the dotted form, or null when it is not one.
 */
export function parseIpv4Loose(host: string): string | null {
  const parts = host.split('.');
  if (parts.length > 1 && parts.at(-1) === '') parts.pop();
  if (parts.length === 0 || parts.length > 4) return null;
  const numbers = parts.map((p) => {
    if (/^0x[0-9a-f]*$/i.test(p)) return p.length === 2 ? 0 : Number.parseInt(p.slice(2), 16);
    if (/^0[0-7]+$/.test(p)) return Number.parseInt(p, 8);
    if (/^(0|[1-9]\d*)$/.test(p)) return Number(p);
    return Number.NaN;
  });
  if (numbers.some((n) => !Number.isFinite(n))) return null;
  const last = numbers.pop()!;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return null;
  const value = numbers.reduce((sum, n, i) => sum + n * 256 ** (3 - i), 0) + last;
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

/** Host as compared everywhere: lower case, no brackets, no trailing dot. */
function normalizeHost(host: string): string {
  return host.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.+$/, '');
}

/** The allowlist key of a host and port, in the form `urlFetchAllowlist` produces. */
export function hostPortKey(host: string, port: number): string {
  const h = normalizeHost(host);
  return `${net.isIPv6(h) ? `[${h}]` : h}:${port}`;
}

export type LookupAll = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemLookup: LookupAll = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

export interface FetchPolicy {
  /** `host:port` keys that may be reached although they are internal. */
  allowlist: readonly string[];
  /** Name resolution; the system resolver unless a test gives its own. */
  lookup?: LookupAll;
}

/** Where a connection may go: the address the check approved, to be used as it is. */
export interface ResolvedTarget {
  host: string;
  port: number;
  address: string;
  family: 4 | 6;
  allowlisted: boolean;
}

const blocked = (what: string, reason: BlockReason) => new AppError('URL_BLOCKED', `${what}: ${reason}`);
export const isBlockedError = (e: unknown): e is AppError => isAppError(e) && e.code === 'URL_BLOCKED';

const familyOf = (address: string): 4 | 6 => (net.isIPv6(address) ? 6 : 4);

/**
 * Checks a host and port and resolves it once. Throws URL_BLOCKED for an internal destination and
 * URL_NOT_FOUND for a name that does not resolve.
 */
export async function resolveTarget(rawHost: string, port: number, policy: FetchPolicy): Promise<ResolvedTarget> {
  const host = normalizeHost(rawHost);
  const lookup = policy.lookup ?? systemLookup;
  const allowlisted = policy.allowlist.includes(hostPortKey(host, port));
  const literal = net.isIP(host) ? host : parseIpv4Loose(host);

  if (!allowlisted) {
    const named = BLOCKED_NAMES.get(host) ?? (host.endsWith('.localhost') ? 'loopback' : undefined);
    if (named) throw blocked(host, named);
    if (literal) {
      const reason = classifyIp(literal);
      if (reason) throw blocked(host, reason);
    } else if (!host || /^(\d+|0x[0-9a-f]*)$/i.test(host.split('.').at(-1) ?? '')) {
      // A name ending in a number is an IPv4 address to the URL standard; one that does not parse
      // as one ("1.2.3.4.5", "1.0x1g") is refused rather than left to a resolver's reading.
      throw blocked(host || '(empty)', 'invalid-host');
    }
  }
  if (literal) return { host, port, address: literal, family: familyOf(literal), allowlisted };

  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await lookup(host);
  } catch (e) {
    throw new AppError('URL_NOT_FOUND', `cannot resolve ${host}: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (addresses.length === 0) throw new AppError('URL_NOT_FOUND', `cannot resolve ${host}: no address`);
  if (!allowlisted) {
    // Every address must be public: the resolver's order is not ours to rely on.
    for (const { address } of addresses) {
      const reason = classifyIp(address);
      if (reason) throw blocked(`${host} → ${address}`, reason);
    }
  }
  const { address } = addresses[0];
  return { host, port, address, family: familyOf(address), allowlisted };
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** Checks a URL: http or https only, then its host and port as `resolveTarget` does. */
export async function checkUrl(url: string | URL, policy: FetchPolicy): Promise<ResolvedTarget> {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    throw blocked(String(url).slice(0, 200), 'invalid-host');
  }
  const defaultPort = DEFAULT_PORTS[parsed.protocol];
  if (defaultPort === undefined) throw blocked(parsed.protocol, 'scheme');
  return resolveTarget(parsed.hostname, parsed.port ? Number(parsed.port) : defaultPort, policy);
}

/**
 * The guard of one conversion: every check of the job goes through it, so a host is resolved once
 * and every later connection to it uses the same address; refused destinations are remembered, so
 * the job can tell the user that the page itself (not just a picture on it) was refused.
 */
export class RequestGuard {
  private readonly checks = new Map<string, Promise<ResolvedTarget>>();
  private readonly refused = new Set<string>();

  constructor(private readonly policy: FetchPolicy) {}

  check(host: string, port: number): Promise<ResolvedTarget> {
    const key = hostPortKey(host, port);
    let pending = this.checks.get(key);
    if (!pending) {
      pending = resolveTarget(host, port, this.policy);
      pending.catch((e: unknown) => {
        if (isBlockedError(e)) this.refused.add(key);
      });
      this.checks.set(key, pending);
    }
    return pending;
  }

  async checkUrl(url: string | URL): Promise<ResolvedTarget> {
    try {
      const parsed = typeof url === 'string' ? new URL(url) : url;
      const defaultPort = DEFAULT_PORTS[parsed.protocol];
      if (defaultPort !== undefined) return await this.check(parsed.hostname, parsed.port ? Number(parsed.port) : defaultPort);
    } catch (e) {
      if (isAppError(e)) throw e;
    }
    // Not http(s), or not a URL: checkUrl explains why.
    return checkUrl(url, this.policy);
  }

  /** Whether the guard refused the http(s) destination of this URL. */
  refusedUrl(url: string): boolean {
    try {
      const parsed = new URL(url);
      const defaultPort = DEFAULT_PORTS[parsed.protocol];
      if (defaultPort === undefined) return false;
      return this.refused.has(hostPortKey(parsed.hostname, parsed.port ? Number(parsed.port) : defaultPort));
    } catch {
      return false;
    }
  }
}
