import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { hostListed } from '../connections/probe-guard';

/**
 * Addresses a delivery never reaches: IPv4 link-local 169.254.0.0/16 (RFC 3927; the AWS, Azure and GCP metadata
 * service 169.254.169.254), IPv6 link-local fe80::/10 (RFC 4291 2.5.6), the same IPv4 range mapped into IPv6,
 * Alibaba Cloud's metadata 100.100.100.200 and the AWS Nitro IPv6 metadata fd00:ec2::254.
 */
const blocked = new BlockList();
blocked.addSubnet('169.254.0.0', 16, 'ipv4');
blocked.addAddress('100.100.100.200', 'ipv4');
blocked.addSubnet('fe80::', 10, 'ipv6');
blocked.addSubnet('::ffff:169.254.0.0', 112, 'ipv6');
blocked.addAddress('::ffff:100.100.100.200', 'ipv6');
blocked.addAddress('fd00:ec2::254', 'ipv6');

/** Cloud metadata service names (GCP, AWS) refused by name, before any lookup. */
const METADATA_NAMES = ['metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal'];

/** The host of a URL's authority without brackets, lower case. */
function bareHost(host: string): string {
  return host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

/** Why `address` (an IP address) is refused as a delivery destination, or null when it may be reached. */
export function blockedAddressProblem(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return null;
  if (blocked.check(address, family === 4 ? 'ipv4' : 'ipv6'))
    return `address ${address} is link-local or a cloud metadata service and is never reached`;
  return null;
}

/**
 * The guard of delivery URLs (docs/http-api.md "Schedules and alerts", docs/configuration.md
 * `DELIVERY_ALLOWED_HOSTS`), checked on the URL alone when a schedule is saved: http(s) only; with
 * DELIVERY_ALLOWED_HOSTS set, only the hosts it lists (the connection guard's matching, `*.example.com` for
 * subdomains); always refused: link-local and cloud metadata addresses and names. The delivery checks the resolved
 * addresses again ({@link guardedLookup}).
 * @returns null when allowed, else the reason (for a 400 answer; it names the host, never the path).
 */
export function deliveryUrlProblem(url: string, allowedHosts: string[]): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an absolute http(s) URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'must be an http(s) URL';
  const host = bareHost(parsed.hostname);
  if (METADATA_NAMES.includes(host.replace(/\.$/, '')))
    return `host "${host}" is a cloud metadata service and is never reached`;
  const addressProblem = blockedAddressProblem(host);
  if (addressProblem) return addressProblem;
  if (allowedHosts.length > 0 && !hostListed(host, allowedHosts))
    return `host "${host}" is not allowed: only hosts listed in DELIVERY_ALLOWED_HOSTS may be reached`;
  return null;
}

/**
 * A `lookup` for node:http(s) requests that resolves the host name as usual and fails with a clear error when any
 * address it resolves to is refused ({@link blockedAddressProblem}), so a name pointing at a link-local or metadata
 * address is never connected to, whatever it resolved to when the schedule was saved.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as dns.LookupAddress[];
    const problem = list.map((a) => blockedAddressProblem(a.address)).find((p) => p !== null);
    if (problem) return callback(new Error(`Delivery refused: ${hostname} resolved to a refused ${problem}`), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    const first = list[0];
    if (!first) return callback(new Error(`${hostname} did not resolve`), '', 0);
    return callback(null, first.address, first.family);
  });
};
