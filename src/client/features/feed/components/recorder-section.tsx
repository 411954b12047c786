import type { ReactNode } from 'react';
import { cn } from '@client/lib/utils';

interface RecorderSectionProps {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}

/** The frame around one of Home's recorders ("Share Your Voice", "Voice Drafts"): a heading over a card. */
export function RecorderSection({ id, title, children, className }: RecorderSectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={cn('scroll-mt-24 space-y-4', className)}>
      <h2 id={`${id}-heading`} className="text-xl font-bold tracking-tight">
        {title}
      </h2>
      <div className="rounded-3xl border bg-card p-3 shadow-soft sm:p-4">{children}</div>
    </section>
  );
}
