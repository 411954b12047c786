import { Podcast } from 'lucide-react';
import type { PublishRequest } from '@shared/contract/conversations';
import { displayName } from '@shared/domain/display-name';
import { Button } from '@client/components/ui/button';
import { formatDurationWords } from '@client/lib/format';
import { usePublishRequestActions } from '../api/conversations';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const ANSWER_WORDS = { pending: 'not answered yet', agreed: 'agreed', declined: 'declined' } as const;

/**
 * Issue 25: a member asks to post the conversation as a public pod. Each person whose voice is in it sees who asks,
 * what would be posted and how much of it is theirs, with Agree and Decline; the asker sees the answers so far and
 * may post it with those who agreed, or withdraw it.
 */
export function PublishRequestPrompt({ request, myId }: { request: PublishRequest; myId: string }) {
  const { answer, postNow, withdraw } = usePublishRequestActions(request.conversationId);
  const asker = displayName(request.requester);
  const mine = request.answers.find((row) => row.user.id === myId);
  const isAsker = request.requester.id === myId;
  const busy = answer.isPending || postNow.isPending || withdraw.isPending;
  const headingId = `publish-request-${request.id}`;
  const what = `“${request.title}”: ${plural(request.messageCount, 'voice message')}, ${formatDurationWords(request.duration)}`;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-primary/30 bg-card p-4 shadow-soft"
      data-testid="publish-request"
    >
      <div className="flex items-start gap-3">
        <Podcast aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="min-w-0 flex-1 space-y-1">
          <h2 id={headingId} className="text-sm font-semibold text-pretty">
            {isAsker ? 'You asked to post this conversation' : `${asker} asks to post this conversation`}
          </h2>
          <p className="text-sm text-muted-foreground text-pretty">
            As a public pod on {isAsker ? 'your' : `${asker}’s`} profile: {what}.
            {mine && mine.answer === 'pending' && (
              <>
                {' '}
                {plural(mine.messageCount, 'message')} of yours would be in it. Nothing is posted without your
                yes, and leaving the conversation later takes your voice back out.
              </>
            )}
          </p>
          <ul aria-label="Answers" className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
            {request.answers.map((row) => (
              <li key={row.user.id}>
                {row.user.id === myId ? 'You' : displayName(row.user)}: {ANSWER_WORDS[row.answer]}
              </li>
            ))}
          </ul>
        </div>
      </div>
      {mine?.answer === 'pending' && (
        <div className="mt-3 flex flex-wrap justify-end gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            aria-label={`Decline: keep my voice out of ${asker}’s post`}
            onClick={() => answer.mutate({ requestId: request.id, answer: 'decline' })}
          >
            Decline
          </Button>
          <Button
            size="sm"
            disabled={busy}
            aria-label={`Agree: post my voice in ${asker}’s post`}
            onClick={() => answer.mutate({ requestId: request.id, answer: 'agree' })}
          >
            Agree
          </Button>
        </div>
      )}
      {isAsker && (
        <div className="mt-3 flex flex-wrap justify-end gap-2">
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => withdraw.mutate(request.id)}>
            Withdraw
          </Button>
          <Button variant="outline" size="sm" disabled={busy} onClick={() => postNow.mutate(request.id)}>
            Post with those who agreed
          </Button>
        </div>
      )}
    </section>
  );
}
