import { Flag, History } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ModerationCase, ModerationLogEntry } from '@shared/contract/moderation';
import { displayName } from '@shared/domain/display-name';
import { EmptyState } from '@client/components/empty-state';
import { LoadError } from '@client/components/load-error';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatFullDate, formatRelativeTime } from '@client/lib/format';
import { useModerate, useModerationCases, useModerationLog } from '../api/moderation';
import { DomainBlocksSection } from './domain-blocks-section';
import { ModerationCaseCard } from './moderation-case-card';

const ACTION_LABELS: Record<ModerationLogEntry['action'], string> = {
  hide: 'hid',
  unhide: 'showed again',
  remove: 'removed',
  suspend: 'suspended',
  unsuspend: 'unsuspended',
  resolve: 'resolved the reports of',
  dismiss: 'dismissed the reports of',
};

const TARGET_LABELS: Record<ModerationLogEntry['targetKind'], string> = {
  post: 'a post',
  comment: 'a voice reply',
  message: 'a voice message',
  user: 'an account',
};

interface ModerationViewProps {
  renderPlayer: (report: ModerationCase) => ReactNode;
}

/** Issue 17: the moderators' screen, open reports first, then the log of every action and who took it. */
export function ModerationView({ renderPlayer }: ModerationViewProps) {
  const cases = useModerationCases();
  const log = useModerationLog();
  const moderate = useModerate();
  const reports = cases.data?.pages.flatMap((page) => page.items) ?? [];
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="space-y-10">
      <section aria-labelledby="open-reports" className="space-y-4">
        <h2 id="open-reports" className="text-xl font-semibold tracking-tight">
          Open reports
        </h2>
        {cases.isPending ? (
          <Skeleton className="h-48 rounded-3xl" />
        ) : cases.isError ? (
          <LoadError
            message="We couldn’t load the reports."
            onRetry={() => void cases.refetch()}
            retrying={cases.isFetching}
          />
        ) : reports.length === 0 ? (
          <EmptyState
            icon={Flag}
            headingLevel={3}
            title="No open reports"
            description="When someone reports a post, reply, message or account, it appears here."
          />
        ) : (
          <ul className="space-y-4">
            {reports.map((report) => (
              <ModerationCaseCard
                key={report.id}
                report={report}
                player={
                  report.content && report.content.audioSources.length > 0 ? renderPlayer(report) : null
                }
                pending={moderate.isPending}
                onAct={(body) => moderate.mutate(body)}
              />
            ))}
          </ul>
        )}
        {cases.hasNextPage && (
          <Button
            variant="outline"
            disabled={cases.isFetchingNextPage}
            onClick={() => void cases.fetchNextPage()}
          >
            Show more reports
          </Button>
        )}
      </section>

      <section aria-labelledby="moderation-log" className="space-y-4">
        <h2 id="moderation-log" className="flex items-center gap-2 text-xl font-semibold tracking-tight">
          <History aria-hidden="true" className="size-5" />
          Moderation log
        </h2>
        {log.isError ? (
          <LoadError
            message="We couldn’t load the moderation log."
            onRetry={() => void log.refetch()}
            retrying={log.isFetching}
          />
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{log.isPending ? 'Loading…' : 'No actions yet.'}</p>
        ) : (
          <ol className="divide-y rounded-3xl border bg-card">
            {entries.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-baseline gap-x-2 gap-y-1 px-5 py-3 text-sm">
                <span className="font-semibold">{displayName(entry.moderator)}</span>
                <span>
                  {ACTION_LABELS[entry.action]} {TARGET_LABELS[entry.targetKind]}
                </span>
                {entry.note && <span className="text-muted-foreground">“{entry.note}”</span>}
                <time
                  dateTime={entry.createdAt}
                  title={formatFullDate(entry.createdAt)}
                  className="ml-auto text-xs text-muted-foreground"
                >
                  {formatRelativeTime(entry.createdAt)}
                </time>
              </li>
            ))}
          </ol>
        )}
        {log.hasNextPage && (
          <Button
            variant="outline"
            disabled={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            Show older actions
          </Button>
        )}
      </section>

      <DomainBlocksSection />
    </div>
  );
}
