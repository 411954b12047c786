import dns from 'node:dns';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * A push endpoint is a URL this server POSTs to on a browser's word, so it must not reach inside our network: https
 * to a host whose every address is public, checked when a browser subscribes, before each send, and again as the
 * connection is made (a host may resolve elsewhere by then). Origins the operator allows are exempt.
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

class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
}

const privateAddress = (host: string) =>
  new PrivateAddressError(`The push endpoint's host ${host} resolves to an address that is not public.`);

/** dns.lookup, refusing a host with any address that is not public. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address))) {
      return callback(privateAddress(hostname), '', 0);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    return callback(null, first!.address, first!.family);
  });
};

export interface PushEndpoints {
  /** Why the server will not send to `endpoint`, in words for the person subscribing; undefined when it will. */
  refusal(endpoint: string): Promise<string | undefined>;
  /** The connection pool to send to `endpoint` through: one that connects to public addresses only, unless allowed. */
  agentFor(endpoint: string): https.Agent;
}

const NOT_PUBLIC =
  'This push endpoint is not a public https address, so Earshot will not send to it. Use the push service your browser gives.';

export function createPushEndpoints(allowedOrigins: readonly string[]): PushEndpoints {
  const publicOnly = new https.Agent({ keepAlive: true, lookup: publicOnlyLookup });
  const allowed = new https.Agent({ keepAlive: true });
  const isAllowed = (url: URL) => allowedOrigins.includes(url.origin);

  async function hostIsPublic(hostname: string): Promise<boolean> {
    const host = hostname.replace(/^\[|\]$/g, '');
    if (ipaddr.isValid(host)) return isPublicAddress(host);
    try {
      const addresses = await dns.promises.lookup(host, { all: true });
      return addresses.length > 0 && addresses.every((entry) => isPublicAddress(entry.address));
    } catch {
      return false;
    }
  }

  return {
    async refusal(endpoint) {
      const url = URL.parse(endpoint);
      if (!url) return 'This push endpoint is not a URL. Send the endpoint of PushSubscription.toJSON().';
      if (isAllowed(url)) return undefined;
      if (url.protocol !== 'https:' || url.username || url.password) return NOT_PUBLIC;
      return (await hostIsPublic(url.hostname)) ? undefined : NOT_PUBLIC;
    },
    agentFor(endpoint) {
      const url = URL.parse(endpoint);
      return url && isAllowed(url) ? allowed : publicOnly;
    },
  };
}
