import { Loader2, MessageCirclePlus, MessagesSquare, Search, UsersRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import type { Conversation } from '@shared/contract/conversations';
import type { ConversationType } from '@shared/domain/conversations';
import { ConfirmDeleteDialog } from '@client/components/confirm-delete-dialog';
import { EmptyState } from '@client/components/empty-state';
import { LoadError } from '@client/components/load-error';
import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { useConversationList, useLeaveConversation } from '../api/conversations';
import { conversationTitle, matchesSearch } from '../lib/conversation-display';
import { ConversationCard } from './conversation-card';
import { CreateGroupDialog } from './create-group-dialog';
import { StartChatDialog } from './start-chat-dialog';

const TABS: { value: ConversationType; label: string }[] = [
  { value: 'direct', label: 'Direct Messages' },
  { value: 'group', label: 'Groups' },
];

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading conversations" className="space-y-3">
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} className="h-[5.5rem] w-full rounded-3xl" />
      ))}
    </div>
  );
}

/** Spec §2 Conversations: tabs, a search box, "Start Chat", "Create Group", and my conversations. */
export function ConversationsView({ myId }: { myId: string }) {
  const [, navigate] = useLocation();
  const searchId = useId();
  const [tab, setTab] = useState<ConversationType>('direct');
  const [query, setQuery] = useState('');
  const [startOpen, setStartOpen] = useState(false);
  const [groupOpen, setGroupOpen] = useState(false);
  const [deleting, setDeleting] = useState<Conversation | null>(null);
  // Each tab its own list, both loaded so that each tab's unread count shows.
  const lists: Record<ConversationType, ReturnType<typeof useConversationList>> = {
    direct: useConversationList('direct'),
    group: useConversationList('group'),
  };
  const leave = useLeaveConversation(() => setDeleting(null));
  const open = (conversation: Conversation) => navigate(`/conversations/${conversation.id}`);

  const unreadIn = (type: ConversationType) =>
    lists[type].list.reduce((total, conversation) => total + conversation.unreadCount, 0);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-4">
        <PageHeader
          title="Conversations"
          description="Talk it out: voice messages, one to one or in groups."
        />
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => setGroupOpen(true)}>
            <UsersRound aria-hidden="true" />
            Create Group
          </Button>
          <Button onClick={() => setStartOpen(true)}>
            <MessageCirclePlus aria-hidden="true" />
            Start Chat
          </Button>
        </div>
      </div>

      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          Search conversations
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search conversations"
          autoComplete="off"
          className="pl-10"
        />
      </div>

      <Tabs value={tab} onValueChange={(value) => setTab(value as ConversationType)}>
        <TabsList aria-label="Conversation kinds">
          {TABS.map(({ value, label }) => {
            const unread = unreadIn(value);
            return (
              <TabsTrigger key={value} value={value}>
                {label}
                {unread > 0 && (
                  <span className="rounded-full bg-current/15 px-1.5 text-xs tabular-nums">
                    <span className="sr-only">, </span>
                    {unread}
                    <span className="sr-only"> unread</span>
                  </span>
                )}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {TABS.map(({ value, label }) => {
          const conversations = lists[value];
          const shown = conversations.list.filter((conversation) => matchesSearch(conversation, myId, query));
          const hasAny = conversations.list.length > 0;
          return (
            <TabsContent key={value} value={value}>
              {conversations.isPending ? (
                <ListSkeleton />
              ) : conversations.isError ? (
                <LoadError
                  message="We couldn’t load your conversations."
                  onRetry={() => void conversations.refetch()}
                  retrying={conversations.isFetching}
                />
              ) : !hasAny ? (
                value === 'direct' ? (
                  <EmptyState
                    icon={MessagesSquare}
                    title="No conversations yet"
                    description="Start a chat and say it out loud: voice messages, heard the way they were meant."
                    action={
                      <Button onClick={() => setStartOpen(true)}>
                        <MessageCirclePlus aria-hidden="true" />
                        Start Chat
                      </Button>
                    }
                    dashed
                  />
                ) : (
                  <EmptyState
                    icon={UsersRound}
                    title="No groups yet"
                    description="Bring three or more people together for a voice conversation."
                    action={
                      <Button onClick={() => setGroupOpen(true)}>
                        <UsersRound aria-hidden="true" />
                        Create Group
                      </Button>
                    }
                    dashed
                  />
                )
              ) : shown.length === 0 ? (
                <p className="rounded-3xl border border-dashed px-6 py-10 text-center text-muted-foreground">
                  No {label.toLowerCase()} match “{query.trim()}”.
                </p>
              ) : (
                <ul aria-label={label} className="space-y-3">
                  {shown.map((conversation) => (
                    <li key={conversation.id}>
                      <ConversationCard conversation={conversation} myId={myId} onDelete={setDeleting} />
                    </li>
                  ))}
                </ul>
              )}
              {conversations.hasNextPage && (
                <div className="flex justify-center pt-4">
                  <Button
                    variant="outline"
                    onClick={() => void conversations.fetchNextPage()}
                    disabled={conversations.isFetchingNextPage}
                  >
                    {conversations.isFetchingNextPage && (
                      <Loader2 className="animate-spin" aria-hidden="true" />
                    )}
                    {conversations.isFetchingNextPage ? 'Loading…' : 'Load more'}
                  </Button>
                </div>
              )}
            </TabsContent>
          );
        })}
      </Tabs>

      <StartChatDialog myId={myId} open={startOpen} onOpenChange={setStartOpen} onStarted={open} />
      <CreateGroupDialog myId={myId} open={groupOpen} onOpenChange={setGroupOpen} onCreated={open} />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title={deleting ? `Delete “${conversationTitle(deleting, myId)}”?` : 'Delete conversation?'}
        description="Are you sure you want to delete this conversation?"
        pending={leave.isPending}
        onConfirm={() => deleting && leave.mutate(deleting.id)}
      />
    </div>
  );
}
