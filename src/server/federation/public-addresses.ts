import { isPublicHttpsUrl } from '../http/public-address';

export interface PublicAddresses {
  /** Whether this server may deliver to every one of `urls`: https, on hosts whose every address is public. */
  mayDeliverTo(urls: readonly URL[]): Promise<boolean>;
}

/**
 * Where remote servers say their inboxes are is their word, so a delivery never goes inside our network; only
 * FEDERATION_ALLOW_PRIVATE_ADDRESSES (tests, closed networks) lets it, and plain http with it. Checked before a
 * delivery is queued; egress.ts checks every connection again as it is made.
 */
export function createPublicAddresses(allowPrivateAddresses: boolean): PublicAddresses {
  return {
    async mayDeliverTo(urls) {
      if (allowPrivateAddresses) return true;
      return (await Promise.all(urls.map(isPublicHttpsUrl))).every(Boolean);
    },
  };
}
