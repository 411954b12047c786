import { BadgeCheck, HeartHandshake, LifeBuoy, LockKeyhole, ShieldCheck } from 'lucide-react';
import { cn } from '@client/lib/utils';

const GUIDELINES = [
  {
    icon: HeartHandshake,
    title: 'Respect others',
    text: 'Disagree kindly. No harassment, hate speech or bullying.',
  },
  {
    icon: LockKeyhole,
    title: 'Protect privacy',
    text: 'Keep personal details private, yours and everyone else’s.',
  },
  {
    icon: BadgeCheck,
    title: 'Be authentic',
    text: 'Speak as yourself, and never pretend to be someone else.',
  },
  {
    icon: LifeBuoy,
    title: 'Seek professional help',
    text: 'If you are struggling with your mental health, please reach out to a professional. You are not alone.',
  },
] as const;

/** Spec §1: what everyone agrees to before sharing. Recordings are permanent and public. */
export function SharingGuidelines({ className }: { className?: string }) {
  return (
    <section
      aria-labelledby="sharing-guidelines-heading"
      className={cn('rounded-3xl border border-highlight/40 bg-highlight/10 p-6 sm:p-8', className)}
    >
      <div className="flex items-start gap-4">
        <span
          aria-hidden="true"
          className="grid size-11 shrink-0 place-items-center rounded-2xl bg-highlight/25 text-foreground"
        >
          <ShieldCheck className="size-5" />
        </span>
        <div className="space-y-1">
          <h2 id="sharing-guidelines-heading" className="text-lg font-semibold tracking-tight">
            Community guidelines
          </h2>
          <p className="text-muted-foreground text-pretty">
            <strong className="font-semibold text-foreground">Recordings are permanent and public.</strong>{' '}
            Anyone can listen to what you share, so take a moment before you press record.
          </p>
        </div>
      </div>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {GUIDELINES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3 rounded-2xl bg-card/70 p-4 dark:bg-card/50">
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-foreground" />
            <div>
              <p className="font-semibold">{title}</p>
              <p className="text-sm text-muted-foreground text-pretty">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
