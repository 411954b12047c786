import type { ReactNode } from 'react';

/** An empty tab: an icon, what is missing, and maybe what to do about it. */
export function ProfileEmpty({
  icon,
  message,
  children,
}: {
  icon: ReactNode;
  message: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-3xl border border-dashed bg-card/60 px-6 py-12 text-center">
      <span
        aria-hidden="true"
        className="grid size-14 place-items-center rounded-2xl bg-accent text-accent-foreground [&_svg]:size-6"
      >
        {icon}
      </span>
      <p className="mt-4 font-semibold text-pretty">{message}</p>
      {children}
    </div>
  );
}
