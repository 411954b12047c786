import type { ComponentProps } from 'react';
import { cn } from '@client/lib/utils';

interface ProgressProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** 0 to 100; null shows an indeterminate bar (work under way, amount unknown). */
  value: number | null;
  /** Read out instead of the bare percentage, e.g. "2.1 MB of 4.0 MB". */
  valueText?: string;
}

/** A thin progress bar, exposed to assistive technology as a progressbar. */
export function Progress({ value, valueText, className, ...props }: ProgressProps) {
  const clamped = value === null ? null : Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped === null ? undefined : Math.round(clamped)}
      aria-valuetext={valueText}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-secondary', className)}
      {...props}
    >
      {clamped === null ? (
        <div className="absolute inset-y-0 left-0 w-2/5 animate-[progress-slide_1.2s_ease-in-out_infinite] rounded-full bg-primary motion-reduce:animate-none motion-reduce:w-full motion-reduce:opacity-60" />
      ) : (
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-200 ease-out"
          style={{ width: `${clamped}%` }}
        />
      )}
      {/* React 19 hoists this once into <head>, however many bars are shown. */}
      <style href="earshot-progress-slide" precedence="default">
        {PROGRESS_KEYFRAMES}
      </style>
    </div>
  );
}

const PROGRESS_KEYFRAMES =
  '@keyframes progress-slide{0%{transform:translateX(-100%)}100%{transform:translateX(250%)}}';
