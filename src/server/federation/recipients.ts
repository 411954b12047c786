import type { Recipient } from '@fedify/vocab';
import type { FollowerInbox } from '../db/queries/federation';
import type { PublicAddresses } from './public-addresses';

/**
 * One remote actor as a recipient: at their server's shared inbox, else their own; undefined when this server may not
 * deliver there.
 */
export async function actorRecipient(
  addresses: PublicAddresses,
  actor: { actor_uri: string; inbox_url: string; shared_inbox_url: string | null },
): Promise<Recipient | undefined> {
  const inboxId = new URL(actor.shared_inbox_url ?? actor.inbox_url);
  return (await addresses.mayDeliverTo([inboxId])) ? { id: new URL(actor.actor_uri), inboxId } : undefined;
}

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
