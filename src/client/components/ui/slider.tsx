import * as SliderPrimitive from '@radix-ui/react-slider';
import type { ComponentProps } from 'react';
import { cn } from '@client/lib/utils';

/** Spec §9: two thumbs are "Minimum" and "Maximum"; more are "Value N of M"; one takes the slider's own label. */
function thumbLabel(index: number, count: number, label: string | undefined): string | undefined {
  if (count === 1) return label;
  if (count === 2) return index === 0 ? 'Minimum' : 'Maximum';
  return `Value ${index + 1} of ${count}`;
}

interface SliderProps extends ComponentProps<typeof SliderPrimitive.Root> {
  /** Names a single thumb (the focusable part), e.g. "Volume". */
  label?: string;
  /** Read out instead of the number, e.g. "80%". */
  valueText?: string;
}

export function Slider({ className, label, valueText, value, defaultValue, ...props }: SliderProps) {
  const count = (value ?? defaultValue ?? [0]).length;
  return (
    <SliderPrimitive.Root
      value={value}
      defaultValue={defaultValue}
      className={cn(
        'relative flex w-full touch-none select-none items-center data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-1.5 w-full grow overflow-hidden rounded-full bg-secondary">
        <SliderPrimitive.Range className="absolute h-full rounded-full bg-primary" />
      </SliderPrimitive.Track>
      {Array.from({ length: count }, (_, index) => (
        <SliderPrimitive.Thumb
          key={index}
          aria-label={thumbLabel(index, count, label)}
          aria-valuetext={count === 1 ? valueText : undefined}
          className="block size-4 cursor-grab rounded-full border-2 border-primary bg-card shadow-soft transition-transform hover:scale-110 focus-visible:scale-110 active:cursor-grabbing"
        />
      ))}
    </SliderPrimitive.Root>
  );
}
