import type { ReactNode } from 'react';
import { Label } from '@client/components/ui/label';
import { cn } from '@client/lib/utils';
import type { PublishType } from '../lib/upload-form';

/** A labelled field of the publish form. */
export function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
    </div>
  );
}

/** One of "Publish as": a radio drawn as a tile. */
export function TypeOption({
  name,
  value,
  checked,
  onSelect,
  icon,
  label,
  hint,
}: {
  name: string;
  value: PublishType;
  checked: boolean;
  onSelect: (value: PublishType) => void;
  icon: ReactNode;
  label: string;
  hint: string;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-2xl border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
        checked ? 'border-primary bg-accent text-accent-foreground' : 'bg-card hover:bg-secondary',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onSelect(value)}
        className="sr-only"
      />
      <span
        className={cn(
          'hidden size-9 shrink-0 place-items-center rounded-xl @sm:grid',
          checked ? 'bg-primary text-primary-foreground' : 'bg-secondary text-foreground',
        )}
      >
        {icon}
      </span>
      <span className="min-w-0">
        <span className="block text-sm font-semibold">{label}</span>
        <span className="hidden text-xs text-muted-foreground @sm:block">{hint}</span>
      </span>
    </label>
  );
}
