import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@client/lib/utils';

interface DiscoverSectionProps {
  id: string;
  title: string;
  icon: LucideIcon;
  children: ReactNode;
  /** A control beside the heading, such as a pause button. */
  action?: ReactNode;
  className?: string;
}

/** One Discover section: an h2 with its icon over the content. */
export function DiscoverSection({
  id,
  title,
  icon: Icon,
  children,
  action,
  className,
}: DiscoverSectionProps) {
  return (
    <section aria-labelledby={`${id}-heading`} className={cn('min-w-0 space-y-4', className)}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="flex items-center gap-2 text-xl font-bold tracking-tight">
          <Icon aria-hidden="true" className="size-5 text-primary" />
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
