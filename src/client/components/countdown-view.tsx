import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/utils';
import { useCountdown } from '@client/lib/use-countdown';

interface CountdownViewProps {
  /** Runs once the countdown reaches GO. */
  onDone: () => void;
  title?: string;
  /** The microphone is not ready yet (permission prompt still open); shown once the count is over. */
  waitingForMicrophone?: boolean;
  onCancel: () => void;
  className?: string;
}

/** Spec §4: 3, 2, 1, GO before recording starts. Each step is announced politely. */
export function CountdownView({
  onDone,
  title,
  waitingForMicrophone,
  onCancel,
  className,
}: CountdownViewProps) {
  const value = useCountdown(onDone);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus({ preventScroll: true }), []);
  const label = value > 0 ? String(value) : 'GO';
  return (
    <div className={cn('flex flex-col items-center gap-6 py-6 text-center', className)}>
      <p className="text-sm font-medium text-muted-foreground">
        {title ? (
          <>
            Get ready to record <span className="font-semibold text-foreground">“{title}”</span>
          </>
        ) : (
          'Get ready to record'
        )}
      </p>
      <div className="relative grid size-36 place-items-center">
        <span
          aria-hidden="true"
          className="absolute inset-0 animate-ping-slow rounded-full bg-primary/25 motion-reduce:animate-none"
        />
        <span aria-hidden="true" className="absolute inset-2 rounded-full bg-primary/10" />
        <span
          key={label}
          className={cn(
            'relative grid size-28 place-items-center rounded-full bg-primary font-bold tabular-nums text-primary-foreground shadow-lifted transition-transform duration-300 starting:scale-75 starting:opacity-0 motion-reduce:transition-none',
            value > 0 ? 'text-5xl' : 'text-4xl tracking-wide',
          )}
          role="status"
          aria-live="polite"
          aria-atomic="true"
        >
          <span className="sr-only">{value > 0 ? `Recording starts in ${label}` : 'Go, recording'}</span>
          <span aria-hidden="true">{label}</span>
        </span>
      </div>
      <p className="min-h-5 text-sm text-muted-foreground" aria-live="polite">
        {waitingForMicrophone && value <= 0
          ? 'Waiting for the microphone…'
          : 'Speak clearly, close to your device.'}
      </p>
      <Button ref={cancelRef} variant="ghost" size="sm" onClick={onCancel}>
        <X aria-hidden="true" />
        Cancel
      </Button>
    </div>
  );
}
