import https from 'node:https';
import { isPublicHttpsUrl, publicOnlyLookup } from '../http/public-address';

/**
 * A push endpoint is a URL this server POSTs to on a browser's word, so it must not reach inside our network: https
 * to a host whose every address is public, checked when a browser subscribes, before each send, and again as the
 * connection is made (a host may resolve elsewhere by then). Origins the operator allows are exempt.
 */

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

  return {
    async refusal(endpoint) {
      const url = URL.parse(endpoint);
      if (!url) return 'This push endpoint is not a URL. Send the endpoint of PushSubscription.toJSON().';
      if (isAllowed(url)) return undefined;
      return (await isPublicHttpsUrl(url)) ? undefined : NOT_PUBLIC;
    },
    agentFor(endpoint) {
      const url = URL.parse(endpoint);
      return url && isAllowed(url) ? allowed : publicOnly;
    },
  };
}
