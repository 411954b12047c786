import { Progress } from '@client/components/ui/progress';
import { formatBytes } from '@client/lib/format';
import type { UploadProgress } from '@client/lib/upload-with-progress';

interface UploadStatusProps {
  /** Null until the first progress event. */
  progress: UploadProgress | null;
  /** Say the percentage after the bytes sent ("1.2 MB of 4.0 MB · 30%"). */
  showPercent?: boolean;
}

/** An upload under way: "Uploading…" with the bytes sent, then "Processing audio…" once all are sent. */
export function UploadStatus({ progress, showPercent = false }: UploadStatusProps) {
  const sent = progress && progress.total > 0 ? (progress.loaded / progress.total) * 100 : 0;
  const processing = progress !== null && progress.loaded >= progress.total;
  return (
    <div className="space-y-2" aria-live="polite">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium">{processing ? 'Processing audio…' : 'Uploading…'}</span>
        {progress && !processing && (
          <span className="text-xs text-muted-foreground tabular-nums">
            {formatBytes(progress.loaded)} of {formatBytes(progress.total)}
            {showPercent && ` · ${Math.round(sent)}%`}
          </span>
        )}
      </div>
      <Progress
        aria-label="Upload progress"
        value={processing || !progress ? null : sent}
        valueText={processing ? 'Processing' : `${Math.round(sent)} percent uploaded`}
      />
    </div>
  );
}
