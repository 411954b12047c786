import { ConversationsView } from '@client/features/conversations/components/conversations-view';
import { useAuth } from '@client/lib/use-auth';

/** Spec §2 `/conversations`. */
export function ConversationsPage() {
  const { user } = useAuth();
  if (!user) return null;
  return <ConversationsView myId={user.id} />;
}
