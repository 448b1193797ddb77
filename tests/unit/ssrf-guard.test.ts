import { describe, expect, it } from 'vitest';
import { urlFetchAllowlist } from '#shared/env';
import { RequestGuard, checkUrl, classifyIp, parseIpv4Loose, type LookupAll } from '#shared/server/ssrf-guard';

/** A resolver with a fixed zone, so no test depends on the machine's DNS. */
function zone(records: Record<string, string[]>): LookupAll & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (name: string) => {
    calls.push(name);
    const found = records[name];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(lookup, { calls });
}

const PUBLIC = '93.184.215.14';
const records = {
  'example.com': [PUBLIC, '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'rebind.example': ['127.0.0.1'],
  'mixed.example': [PUBLIC, '10.1.2.3'],
  'internal.example': ['192.168.1.20'],
  'v6-internal.example': ['fd12:3456::1'],
};
const policy = (allowlist: string[] = []) => ({ allowlist, lookup: zone(records) });

const blockedWith = async (url: string, allowlist: string[] = []) => {
  const error = await checkUrl(url, policy(allowlist)).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, url).toMatchObject({
    code: 'URL_BLOCKED',
    message: 'This address leads to a private or internal network, which this server does not open for security reasons.',
  });
  return (error as { detail: string }).detail;
};

describe('classifyIp', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['2001:db8::1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['fe80::1%eth0', 'link-local'],
    ['not-an-ip', 'invalid-host'],
  ])('refuses %s as %s', (address, reason) => {
    expect(classifyIp(address)).toBe(reason);
  });

  it.each(['93.184.215.14', '8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])(
    'lets the public address %s through',
    (address) => {
      expect(classifyIp(address)).toBeNull();
    },
  );
});

describe('parseIpv4Loose', () => {
  it.each([
    ['2130706433', '127.0.0.1'],
    ['0x7f.0.0.1', '127.0.0.1'],
    ['0X7F.0.0.1', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['127.0.1', '127.0.0.1'],
    ['0', '0.0.0.0'],
    ['0xa9.0xfe.0xa9.0xfe', '169.254.169.254'],
    ['2852039166', '169.254.169.254'],
    ['10.0.0.1.', '10.0.0.1'],
  ])('reads %s as %s', (form, dotted) => {
    expect(parseIpv4Loose(form)).toBe(dotted);
  });

  it.each(['example.com', '1.2.3.4.5', '256.0.0.1', '08.0.0.1', '4294967296', '1.2.3.0xg', 'x7f.0.0.1', ''])('does not read %s as IPv4', (form) => {
    expect(parseIpv4Loose(form)).toBeNull();
  });
});

describe('checkUrl', () => {
  it.each([
    'http://127.0.0.1/',
    'http://127.0.0.1:8080/secret',
    'https://10.0.0.5/',
    'http://192.168.0.1/admin',
    'http://172.20.0.1/',
    'http://100.64.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://METADATA.google.internal./',
    'http://metadata/',
    'http://localhost:3000/',
    'http://LOCALHOST./',
    'http://app.localhost/',
    'http://2130706433/',
    'http://0x7f.0.0.1/',
    'http://0177.0.0.1/',
    'http://0x7f000001/',
    'http://127.1/',
    'http://0/',
    'http://0.0.0.0:80/',
    'http://[::1]/',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://[ff02::1]/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://%31%32%37.0.0.1/',
  ])('refuses %s', async (url) => {
    await blockedWith(url);
  });

  it.each(['ftp://example.com/', 'file:///etc/passwd', 'ws://example.com/', 'wss://example.com/', 'gopher://example.com/', 'javascript:alert(1)', 'data:text/html,hi'])(
    'refuses the scheme of %s',
    async (url) => {
      expect(await blockedWith(url)).toMatch(/scheme/);
    },
  );

  it('refuses a name that resolves to an internal address (DNS rebinding, internal names)', async () => {
    expect(await blockedWith('http://rebind.example/')).toMatch(/127\.0\.0\.1: loopback/);
    expect(await blockedWith('http://internal.example/')).toMatch(/private/);
    expect(await blockedWith('http://v6-internal.example/')).toMatch(/unique-local/);
  });

  it('refuses a name when any of its addresses is internal', async () => {
    expect(await blockedWith('http://mixed.example/')).toMatch(/10\.1\.2\.3/);
  });

  it('returns the checked address of a public name, for the connection to use', async () => {
    await expect(checkUrl('https://Example.com./path?q=1', policy())).resolves.toEqual({
      host: 'example.com',
      port: 443,
      address: PUBLIC,
      family: 4,
      allowlisted: false,
    });
    await expect(checkUrl('http://8.8.8.8:8080/', policy())).resolves.toMatchObject({ address: '8.8.8.8', port: 8080 });
  });

  it('fails a name that does not resolve with URL_NOT_FOUND, not URL_BLOCKED', async () => {
    await expect(checkUrl('http://nowhere.example/', policy())).rejects.toMatchObject({ code: 'URL_NOT_FOUND', message: 'No website was found at this address. Check it for typos.' });
  });

  it('lets allowlisted host:port pairs through, and only those', async () => {
    const allow = urlFetchAllowlist({ URL_FETCH_ALLOWLIST: '127.0.0.1:8080, internal.example:443, [::1]:9000' });
    await expect(checkUrl('http://127.0.0.1:8080/', policy(allow))).resolves.toMatchObject({ address: '127.0.0.1', allowlisted: true });
    await expect(checkUrl('https://internal.example/', policy(allow))).resolves.toMatchObject({ address: '192.168.1.20', allowlisted: true });
    await expect(checkUrl('http://[::1]:9000/', policy(allow))).resolves.toMatchObject({ address: '::1', allowlisted: true });
    await blockedWith('http://127.0.0.1:8081/', allow);
    await blockedWith('http://internal.example/', allow);
    await blockedWith('http://localhost:8080/', allow);
    await blockedWith('http://169.254.169.254/', allow);
  });

  it('refuses an allowlist entry that is not host:port at boot', () => {
    expect(() => urlFetchAllowlist({ URL_FETCH_ALLOWLIST: 'intranet' })).toThrow(/host:port/);
    expect(() => urlFetchAllowlist({ URL_FETCH_ALLOWLIST: 'a:70000' })).toThrow(/host:port/);
    expect(urlFetchAllowlist({})).toEqual([]);
  });
});

describe('RequestGuard', () => {
  it('resolves a host once per job, so every connection goes to the address that was checked', async () => {
    const lookup = zone(records);
    const guard = new RequestGuard({ allowlist: [], lookup });
    await guard.checkUrl('https://example.com/a');
    await guard.checkUrl('https://example.com/b.png');
    await guard.check('example.com', 443);
    expect(lookup.calls).toEqual(['example.com']);
  });

  it('remembers the destinations it refused', async () => {
    const guard = new RequestGuard(policy());
    await expect(guard.checkUrl('http://rebind.example:81/x')).rejects.toMatchObject({ code: 'URL_BLOCKED' });
    await expect(guard.check('10.0.0.1', 443)).rejects.toMatchObject({ code: 'URL_BLOCKED' });
    expect(guard.refusedUrl('http://rebind.example:81/other')).toBe(true);
    expect(guard.refusedUrl('https://10.0.0.1/')).toBe(true);
    expect(guard.refusedUrl('http://rebind.example/')).toBe(false);
    expect(guard.refusedUrl('https://example.com/')).toBe(false);
  });
});
