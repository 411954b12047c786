import type { ReactNode } from 'react';

interface SettingsSectionProps {
  /** Unique per page: names the section for screen readers through its heading. */
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** One titled card on the settings page. */
export function SettingsSection({ id, title, description, children }: SettingsSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="space-y-4 rounded-3xl border bg-card p-5 sm:p-6">
      <header className="space-y-1">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        {description && <p className="text-sm text-muted-foreground text-pretty">{description}</p>}
      </header>
      {children}
    </section>
  );
}
