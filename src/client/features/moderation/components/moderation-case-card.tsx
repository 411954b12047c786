import { Ban, CheckCircle2, Eye, EyeOff, ShieldOff, Trash2, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { ModerationActionBody, ModerationCase } from '@shared/contract/moderation';
import { REPORT_REASON_LABELS } from '@shared/domain/moderation';
import { ConfirmDeleteDialog } from '@client/components/confirm-delete-dialog';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { formatFullDate, formatRelativeTime } from '@client/lib/format';
import { displayName } from '@shared/domain/display-name';

const KIND_LABELS: Record<ModerationCase['targetKind'], string> = {
  post: 'Post',
  comment: 'Voice reply',
  message: 'Voice message',
  user: 'Account',
};

interface ModerationCaseCardProps {
  report: ModerationCase;
  /** The reported audio, played in place (the app composes the shared player). */
  player: ReactNode;
  pending: boolean;
  onAct: (body: ModerationActionBody) => void;
}

/** One reported thing: what and whose, why (each reason with its count), the notes, and what a moderator can do. */
export function ModerationCaseCard({ report, player, pending, onAct }: ModerationCaseCardProps) {
  const [removing, setRemoving] = useState(false);
  const content = report.content;
  const target = { targetKind: report.targetKind, targetId: report.targetId };
  const owner = content?.owner;
  const ownerName = owner ? displayName(owner) : (content?.visitorName ?? 'A visitor');
  const headingId = `case-${report.id}`;

  return (
    <li aria-labelledby={headingId} className="space-y-4 rounded-3xl border bg-card p-5 shadow-soft">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary">{KIND_LABELS[report.targetKind]}</Badge>
            {content?.hidden && (
              <Badge variant="outline" className="border-destructive/50 text-destructive dark:text-red-400">
                Hidden by moderators
              </Badge>
            )}
            {content?.ownerSuspended && (
              <Badge variant="outline" className="border-destructive/50 text-destructive dark:text-red-400">
                Account suspended
              </Badge>
            )}
          </div>
          <h3 id={headingId} className="text-lg font-semibold text-balance">
            {content ? content.title : 'No longer there'}
          </h3>
          {content && (
            <p className="text-sm text-muted-foreground">
              by{' '}
              {owner ? (
                <Link href={`/profile/${owner.id}`} className="font-medium text-foreground hover:underline">
                  {ownerName}
                </Link>
              ) : (
                ownerName
              )}
              {content.path && report.targetKind !== 'user' && (
                <>
                  {' · '}
                  <Link href={content.path} className="font-medium text-foreground hover:underline">
                    Open the post
                  </Link>
                </>
              )}
            </p>
          )}
        </div>
        <p className="text-sm text-muted-foreground">
          <span className="font-semibold text-foreground tabular-nums">
            {report.reportCount} {report.reportCount === 1 ? 'report' : 'reports'}
          </span>
          {' · last '}
          <time dateTime={report.lastReportedAt} title={formatFullDate(report.lastReportedAt)}>
            {formatRelativeTime(report.lastReportedAt)}
          </time>
        </p>
      </div>

      <ul aria-label="Reasons" className="flex flex-wrap gap-2">
        {report.reasons.map(({ reason, count }) => (
          <li key={reason}>
            <Badge>
              {REPORT_REASON_LABELS[reason]}
              {count > 1 && <span className="tabular-nums"> × {count}</span>}
            </Badge>
          </li>
        ))}
      </ul>
      {report.servers.length > 0 && (
        <ul aria-label="Reports from other servers" className="space-y-1.5">
          {report.servers.map(({ host, note }) => (
            <li key={host} className="space-y-1 text-sm">
              <p className="text-muted-foreground">
                Reported by <span className="font-medium text-foreground">{host}</span> (another server)
              </p>
              {note && <p className="rounded-xl bg-secondary/60 px-3 py-2">“{note}”</p>}
            </li>
          ))}
        </ul>
      )}
      {report.notes.length > 0 && (
        <ul aria-label="Notes from reporters" className="space-y-1.5">
          {report.notes.map((note, index) => (
            <li key={index} className="rounded-xl bg-secondary/60 px-3 py-2 text-sm">
              “{note}”
            </li>
          ))}
        </ul>
      )}
      {player}

      <div className="flex flex-wrap gap-2">
        {content && report.targetKind !== 'user' && (
          <>
            <Button
              size="sm"
              variant="outline"
              disabled={pending}
              onClick={() => onAct({ ...target, action: content.hidden ? 'unhide' : 'hide' })}
            >
              {content.hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
              {content.hidden ? 'Unhide' : 'Hide'}
            </Button>
            <Button size="sm" variant="outline" disabled={pending} onClick={() => setRemoving(true)}>
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          </>
        )}
        {owner && (
          <Button
            size="sm"
            variant="outline"
            disabled={pending}
            onClick={() =>
              onAct({
                targetKind: 'user',
                targetId: owner.id,
                action: content?.ownerSuspended ? 'unsuspend' : 'suspend',
              })
            }
          >
            {content?.ownerSuspended ? <ShieldOff aria-hidden="true" /> : <Ban aria-hidden="true" />}
            {content?.ownerSuspended ? 'Unsuspend' : 'Suspend account'}
          </Button>
        )}
        <Button size="sm" disabled={pending} onClick={() => onAct({ ...target, action: 'resolve' })}>
          <CheckCircle2 aria-hidden="true" />
          Resolve
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={pending}
          onClick={() => onAct({ ...target, action: 'dismiss' })}
        >
          <XCircle aria-hidden="true" />
          Dismiss
        </Button>
      </div>

      <ConfirmDeleteDialog
        open={removing}
        onOpenChange={setRemoving}
        title={`Remove this ${KIND_LABELS[report.targetKind].toLowerCase()}?`}
        description="It is deleted for good with its audio, as if its owner had deleted it. This is logged."
        pending={pending}
        onConfirm={() => {
          onAct({ ...target, action: 'remove' });
          setRemoving(false);
        }}
      />
    </li>
  );
}
