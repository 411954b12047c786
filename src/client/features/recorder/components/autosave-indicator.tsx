import { CloudCheck, CloudUpload, Cloud } from 'lucide-react';
import type { AutosaveStatus } from '@client/lib/audio/autosave';
import { cn } from '@client/lib/utils';
import { formatTimeOfDay } from '../lib/format';

/** Spec §2 Recorder view 4: "Auto-save enabled", "Auto-saving..." or "Last saved". */
export function AutosaveIndicator({ status, className }: { status: AutosaveStatus; className?: string }) {
  const Icon = status.kind === 'saving' ? CloudUpload : status.kind === 'saved' ? CloudCheck : Cloud;
  return (
    <p
      className={cn('inline-flex items-center gap-1.5 text-xs font-medium text-muted-foreground', className)}
    >
      <Icon aria-hidden="true" className={cn('size-4', status.kind === 'saving' && 'animate-pulse')} />
      {status.kind === 'enabled' && 'Auto-save enabled'}
      {status.kind === 'saving' && 'Auto-saving...'}
      {status.kind === 'saved' && (
        <span>
          Last saved <time dateTime={status.at.toISOString()}>{formatTimeOfDay(status.at)}</time>
        </span>
      )}
    </p>
  );
}
