import type { LucideIcon } from 'lucide-react';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

interface ComingSoonProps {
  icon: LucideIcon;
  title: string;
  description: string;
  /** What the screen will offer, said in one or two sentences. */
  preview: string;
}

/** A screen whose feature is still being built: its real heading, and an honest note of what is coming. */
export function ComingSoon({ icon, title, description, preview }: ComingSoonProps) {
  return (
    <div className="space-y-8">
      <PageHeader title={title} description={description} />
      <EmptyState icon={icon} title="Coming soon" description={preview} />
    </div>
  );
}
