import type { ReactNode } from 'react';
import { useDocumentTitle } from '@client/lib/use-document-title';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
}

/** The screen's one h1; also names the browser tab after it. */
export function PageHeader({ title, description }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <header className="space-y-1.5">
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
      {description && <p className="max-w-2xl text-base text-muted-foreground text-pretty">{description}</p>}
    </header>
  );
}
