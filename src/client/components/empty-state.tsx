import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@client/lib/utils';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  /** The heading's level in the page's outline. */
  headingLevel?: 2 | 3;
  description: ReactNode;
  /** A way forward, under the text. */
  action?: ReactNode;
  /** Dashed for a list that is waiting to be filled; solid for a page of its own. */
  dashed?: boolean;
}

/** A screen or list with nothing in it yet: an icon, what belongs here, and what to do. */
export function EmptyState({
  icon: Icon,
  title,
  headingLevel = 2,
  description,
  action,
  dashed = false,
}: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div
      className={cn(
        'relative overflow-hidden rounded-3xl border px-6 py-14 text-center sm:py-20',
        dashed ? 'border-dashed bg-card/60' : 'bg-card shadow-soft',
      )}
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-24 mx-auto h-48 w-96 max-w-full rounded-full bg-primary/10 blur-3xl"
      />
      <div className="relative mx-auto flex max-w-md flex-col items-center">
        <span
          aria-hidden="true"
          className="grid size-16 place-items-center rounded-2xl bg-accent text-accent-foreground shadow-soft"
        >
          <Icon className="size-7" />
        </span>
        <Heading className="mt-6 text-xl font-semibold tracking-tight">{title}</Heading>
        <p className="mt-2 text-muted-foreground text-pretty">{description}</p>
        {action && <div className="mt-6">{action}</div>}
      </div>
    </div>
  );
}
