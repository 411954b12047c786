import { Bell } from 'lucide-react';

/** Spec §2: "No notifications yet". */
export function NotificationsEmpty() {
  return (
    <div className="relative overflow-hidden rounded-3xl border bg-card px-6 py-14 text-center shadow-soft sm:py-20">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-24 mx-auto h-48 w-96 max-w-full rounded-full bg-primary/10 blur-3xl"
      />
      <div className="relative mx-auto flex max-w-sm flex-col items-center">
        <span
          aria-hidden="true"
          className="grid size-16 place-items-center rounded-2xl bg-accent text-accent-foreground shadow-soft"
        >
          <Bell className="size-7" />
        </span>
        <h2 className="mt-6 text-xl font-semibold tracking-tight">No notifications yet</h2>
        <p className="mt-2 text-muted-foreground text-pretty">
          When people like your posts, reply by voice or follow you, you’ll hear about it here.
        </p>
      </div>
    </div>
  );
}
