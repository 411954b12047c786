import { ChevronsRight } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { skippedSilenceText } from '@client/lib/audio/silence-skipping';
import { cn } from '@client/lib/utils';

/**
 * The "Skip silence" switch every player shows: a toggle button (pressed while on), named for screen readers;
 * `compact` shows the icon alone, as cards have room for no more.
 */
export function SkipSilenceToggle({
  on,
  onToggle,
  compact = false,
  appearance = 'default',
  className,
}: {
  on: boolean;
  onToggle: () => void;
  compact?: boolean;
  appearance?: 'default' | 'overlay';
  className?: string;
}) {
  const hint = on ? 'Skip silence is on: pauses longer than half a second are skipped' : 'Skip silence';
  return (
    <Button
      variant={on ? 'secondary' : 'ghost'}
      size={compact ? 'icon' : 'sm'}
      aria-pressed={on}
      aria-label={compact ? 'Skip silence' : undefined}
      title={hint}
      onClick={onToggle}
      className={cn(
        compact ? 'size-9' : 'px-3',
        appearance === 'overlay' && (on ? 'bg-white/25 text-white' : 'text-white hover:bg-white/15'),
        className,
      )}
    >
      <ChevronsRight aria-hidden="true" />
      {!compact && 'Skip silence'}
    </Button>
  );
}

/**
 * How much silence was skipped on this recording. Shown as it grows; said to screen readers (politely) only when
 * playback stops or pauses, not at every jump, unless `announced` is false (the player says it in its own status).
 */
export function SkippedSilenceNote({
  seconds,
  playing,
  announced = true,
  className,
}: {
  seconds: number;
  playing: boolean;
  announced?: boolean;
  className?: string;
}) {
  const text = skippedSilenceText(seconds);
  return (
    <>
      <span aria-hidden="true" className={cn('text-xs text-muted-foreground empty:hidden', className)}>
        {text}
      </span>
      {announced && (
        <span role="status" className="sr-only">
          {playing ? null : text}
        </span>
      )}
    </>
  );
}
