import type { ReactNode } from 'react';
import { cn } from '@client/lib/utils';

interface HomeSectionProps {
  id: string;
  title: string;
  /** A short line under the heading. */
  subtitle?: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** One Home section: an h2 (with an optional action on the right) over its content. */
export function HomeSection({ id, title, subtitle, action, children, className }: HomeSectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={cn('scroll-mt-24 space-y-4', className)}>
      <div className="flex items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${id}-heading`} className="text-xl font-bold tracking-tight">
            {title}
          </h2>
          {subtitle && <p className="mt-0.5 text-sm text-muted-foreground">{subtitle}</p>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
