import { useId } from 'react';
import { cn } from '@client/lib/utils';

export interface RadioCardChoice<V extends string> {
  value: V;
  label: string;
  /** A line under the label saying what the choice does; screen readers read it as the choice's description. */
  hint?: string;
}

interface RadioCardsProps<V extends string> {
  legend: string;
  /** The radios' name: one group per form. */
  name: string;
  choices: readonly RadioCardChoice<V>[];
  value: V | null;
  onChange: (value: V) => void;
  /** Tighter cards, for a dialog's longer list. */
  compact?: boolean;
}

/**
 * A choice of one among a few, as cards: native radios (arrow keys move between them, Space picks), each card its
 * label, the chosen one marked, focus shown on the card.
 */
export function RadioCards<V extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
  compact = false,
}: RadioCardsProps<V>) {
  const idPrefix = useId();
  return (
    <fieldset className={compact ? 'space-y-1.5' : 'space-y-2'}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {choices.map((choice) => (
        <label
          key={choice.value}
          className={cn(
            'flex cursor-pointer items-start gap-3 rounded-2xl border transition-colors hover:bg-secondary has-checked:border-primary has-checked:bg-accent has-checked:text-accent-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
            compact ? 'px-3 py-2' : 'px-4 py-3',
          )}
        >
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
            aria-labelledby={`${idPrefix}-${choice.value}-label`}
            aria-describedby={choice.hint ? `${idPrefix}-${choice.value}-hint` : undefined}
            className="mt-0.5 size-4 accent-primary"
          />
          <span className="min-w-0">
            <span id={`${idPrefix}-${choice.value}-label`} className="block text-sm font-semibold">
              {choice.label}
            </span>
            {choice.hint && (
              <span id={`${idPrefix}-${choice.value}-hint`} className="block text-xs text-muted-foreground">
                {choice.hint}
              </span>
            )}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
