import { MessagesSquare } from 'lucide-react';
import { Link } from 'wouter';
import { EmptyState } from '@client/components/empty-state';
import { LoadError } from '@client/components/load-error';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { useConversation } from '@client/features/conversations/api/conversations';
import { ConversationThread } from '@client/features/conversations/components/conversation-thread';
import { useAuth } from '@client/lib/use-auth';

/** One conversation (`/conversations/{id}`): its messages and recorder bar. */
export function ConversationPage({ id }: { id: string }) {
  const { user } = useAuth();
  const { conversation, isPending, isError, missing, refetch } = useConversation(id);
  if (!user) return null;
  if (conversation)
    return <ConversationThread key={conversation.id} conversation={conversation} myId={user.id} />;
  if (isError)
    return (
      <LoadError
        message="We couldn’t load this conversation."
        onRetry={() => void refetch()}
        retrying={false}
      />
    );
  if (missing || !isPending)
    return (
      <EmptyState
        icon={MessagesSquare}
        title="Conversation not found"
        description="It may have been deleted, or you are no longer in it."
        action={
          <Button asChild>
            <Link href="/conversations">Back to conversations</Link>
          </Button>
        }
      />
    );
  return (
    <div role="status" aria-label="Loading the conversation" className="mx-auto max-w-3xl space-y-4">
      <Skeleton className="h-14 w-full rounded-2xl" />
      <Skeleton className="h-14 w-64 rounded-3xl" />
      <Skeleton className="ml-auto h-14 w-64 rounded-3xl" />
    </div>
  );
}
