import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@client/lib/utils';

interface StatCardProps {
  icon: LucideIcon;
  label: string;
  /** What is shown; `spoken` replaces it for screen readers when the short form reads badly ("3m 20s"). */
  value: string;
  spoken?: string;
  hint?: ReactNode;
  className?: string;
}

/** One figure of the stats, a term and its value inside the page's description list. */
export function StatCard({ icon: Icon, label, value, spoken, hint, className }: StatCardProps) {
  return (
    <div className={cn('flex flex-col rounded-3xl border bg-card p-4 shadow-soft sm:p-5', className)}>
      <dt className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <span
          aria-hidden="true"
          className="grid size-8 shrink-0 place-items-center rounded-xl bg-accent text-accent-foreground"
        >
          <Icon className="size-4" />
        </span>
        {label}
      </dt>
      <dd className="mt-3 text-2xl font-bold tracking-tight tabular-nums sm:text-3xl">
        <StatValue value={value} spoken={spoken} />
      </dd>
      {hint && <dd className="mt-1 text-xs text-muted-foreground sm:text-sm">{hint}</dd>}
    </div>
  );
}

/** A figure as shown, said differently to screen readers when its short form reads badly. */
export function StatValue({ value, spoken }: { value: string; spoken?: string }) {
  if (!spoken) return value;
  return (
    <>
      <span aria-hidden="true">{value}</span>
      <span className="sr-only">{spoken}</span>
    </>
  );
}
