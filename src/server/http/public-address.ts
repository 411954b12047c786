import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether a URL this server calls on someone else's word (a push endpoint, a remote inbox) reaches only the public
 * internet, never inside our network: checked before a call, and by the lookup again as the connection is made.
 */

/**
 * IPv6's global unicast block: ipaddr.js calls the rest of `::/8` unicast too, so `::127.0.0.1` (an IPv4-compatible
 * address, long deprecated, that some stacks still carry to the IPv4 host inside it) would pass for public.
 */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/** An address anyone on the internet reaches: not loopback, private, link-local, reserved, multicast and the like. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress()) parsed = parsed.toIPv4Address();
  if (parsed instanceof ipaddr.IPv6 && !parsed.match(GLOBAL_UNICAST)) return false;
  return parsed.range() === 'unicast';
}

/** Whether every address `hostname` (a name, or an address, bracketed or not) resolves to is public. */
export async function hostIsPublic(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) return isPublicAddress(host);
  try {
    const addresses = await dns.promises.lookup(host, { all: true });
    return addresses.length > 0 && addresses.every((entry) => isPublicAddress(entry.address));
  } catch {
    return false;
  }
}

/** A connection refused because its host is, or resolves to, an address this server may not call. */
export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
}

/** Whether the server may call `url`: https, no credentials in it, on a host whose every address is public. */
export async function isPublicHttpsUrl(url: URL): Promise<boolean> {
  return url.protocol === 'https:' && !url.username && !url.password && (await hostIsPublic(url.hostname));
}

/** dns.lookup, refusing a host with any address `mayReach` refuses. */
export function lookupReaching(mayReach: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0 || addresses.some((entry) => !mayReach(entry.address))) {
        return callback(
          new PrivateAddressError(`The host ${hostname} resolves to an address that is not public.`),
          '',
          0,
        );
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first!.address, first!.family);
    });
  };
}

/** dns.lookup, refusing a host with any address that is not public. */
export const publicOnlyLookup: LookupFunction = lookupReaching(isPublicAddress);
