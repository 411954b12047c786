import { useId } from 'react';
import { Label } from '@client/components/ui/label';
import { Switch } from '@client/components/ui/switch';

interface SwitchRowProps {
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  busy?: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/** A labelled switch with its hint beside it, as the publish form's "Private". */
export function SwitchRow({ label, hint, checked, disabled, busy, onCheckedChange }: SwitchRowProps) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 rounded-2xl border bg-background/60 px-4 py-3">
      <div className="min-w-0">
        <Label htmlFor={id}>{label}</Label>
        {hint && (
          <p id={`${id}-hint`} className="mt-1 text-xs text-muted-foreground text-pretty">
            {hint}
          </p>
        )}
      </div>
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        aria-busy={busy || undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onCheckedChange={onCheckedChange}
      />
    </div>
  );
}
