import { cn } from '@client/lib/utils';

const BAR_COUNT = 48;

/** A fixed, speech-like envelope: two overlapping sines, so the art is the same on every render. */
const BAR_HEIGHTS = Array.from({ length: BAR_COUNT }, (_, index) => {
  const envelope = Math.sin((index / (BAR_COUNT - 1)) * Math.PI);
  const texture = 0.55 + 0.45 * Math.abs(Math.sin(index * 1.7) * Math.cos(index * 0.45));
  return Math.max(0.12, envelope * texture);
});

interface DecorativeWaveformProps {
  className?: string;
  barClassName?: string;
  /** Gently breathes unless the visitor prefers reduced motion. */
  animated?: boolean;
}

/** Ornamental sound bars; hidden from assistive technology. */
export function DecorativeWaveform({ className, barClassName, animated = false }: DecorativeWaveformProps) {
  return (
    <div aria-hidden="true" className={cn('flex h-24 items-center gap-[3px]', className)}>
      {BAR_HEIGHTS.map((height, index) => (
        <span
          key={index}
          className={cn(
            'w-full min-w-0.5 flex-1 rounded-full bg-current',
            animated && 'animate-wave motion-reduce:animate-none',
            barClassName,
          )}
          style={{
            height: `${Math.round(height * 100)}%`,
            animationDelay: animated ? `${(index % 12) * -0.13}s` : undefined,
          }}
        />
      ))}
    </div>
  );
}
