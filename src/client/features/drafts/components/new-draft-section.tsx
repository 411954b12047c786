import type { ReactNode } from 'react';

/** Spec §2 Drafts: the "New Draft" quick recorder, framed like Home's recorders. */
export function NewDraftSection({
  id,
  action,
  children,
}: {
  id: string;
  /** Beside the heading: the "Advanced" editor's button. */
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24 space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-xl font-bold tracking-tight">
          New Draft
        </h2>
        {action}
      </div>
      <div className="rounded-3xl border bg-card p-3 shadow-soft sm:p-4">{children}</div>
    </section>
  );
}
