import type { Recipient } from '@fedify/vocab';
import type { FollowerInbox } from '../db/queries/federation';
import type { PublicAddresses } from './public-addresses';

/** The inboxes this server may deliver to, as Fedify's recipients: each named by one follower it serves. */
export async function deliverableRecipients(
  addresses: PublicAddresses,
  inboxes: readonly FollowerInbox[],
): Promise<Recipient[]> {
  const recipients: Recipient[] = [];
  for (const inbox of inboxes) {
    const url = new URL(inbox.inbox);
    if (await addresses.mayDeliverTo([url])) recipients.push({ id: new URL(inbox.actor), inboxId: url });
  }
  return recipients;
}
