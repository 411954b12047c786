import { MESSAGE_WAVEFORM_BARS } from '@shared/domain/conversations';
import { levelsToBars } from '@client/lib/levels';
import { cn } from '@client/lib/utils';

interface MessageWaveformProps {
  /** The server's peaks, 0 to 1. */
  peaks: readonly number[];
  /** How much has played, 0 to 1. */
  progress: number;
  className?: string;
}

/** Spec §9: a voice message's waveform has 20 bars; those played take the accent colour. Decorative. */
export function MessageWaveform({ peaks, progress, className }: MessageWaveformProps) {
  const bars = levelsToBars(peaks, MESSAGE_WAVEFORM_BARS, 0.12);
  return (
    <span
      aria-hidden="true"
      data-testid="message-waveform"
      className={cn('flex h-8 items-center gap-[3px]', className)}
    >
      {bars.map((height, index) => (
        <span
          key={index}
          className={cn(
            'w-[3px] shrink-0 rounded-full transition-colors',
            (index + 0.5) / bars.length <= progress ? 'bg-current' : 'bg-current opacity-30',
          )}
          style={{ height: `${Math.max(12, Math.round(height * 100))}%` }}
        />
      ))}
    </span>
  );
}
