import type { LucideIcon } from 'lucide-react';
import { Card } from './ui/card';
import { PageHeader } from './page-header';

interface ComingSoonProps {
  icon: LucideIcon;
  title: string;
  description: string;
  /** What the screen will offer, said in one or two sentences. */
  preview: string;
}

/** A screen whose feature is still being built: its real heading, and an honest note of what is coming. */
export function ComingSoon({ icon: Icon, title, description, preview }: ComingSoonProps) {
  return (
    <div className="space-y-8">
      <PageHeader title={title} description={description} />
      <Card className="relative overflow-hidden px-6 py-14 text-center sm:py-20">
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
          <h2 className="mt-6 text-xl font-semibold tracking-tight">Coming soon</h2>
          <p className="mt-2 text-muted-foreground text-pretty">{preview}</p>
        </div>
      </Card>
    </div>
  );
}
