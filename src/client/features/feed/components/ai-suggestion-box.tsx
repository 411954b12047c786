import { Lightbulb, Mic, Shuffle, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { randomPrompt } from '@shared/domain/recording-prompts';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/utils';

/** Each new prompt fades in, unless the person prefers less motion. */
function fadeIn(element: HTMLElement | null) {
  if (!element || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  element.animate?.(
    [
      { opacity: 0, transform: 'translateY(4px)' },
      { opacity: 1, transform: 'none' },
    ],
    {
      duration: 450,
      easing: 'cubic-bezier(0.16, 1, 0.3, 1)',
    },
  );
}

/** Spec §9: a new prompt every 8 seconds. */
const ROTATE_MS = 8000;

interface AiSuggestionBoxProps {
  /** Starts a recording about the topic. */
  onRecord: (topic: string) => void;
  /** Opens "Create with AI Idea" for the topic. */
  onMoreOptions: (topic: string) => void;
  className?: string;
}

/**
 * Spec §1/§2: a random topic from the fixed 20, changing every 8 s; clicking it starts a recording about it.
 * Rotation pauses while the pointer or focus is on the box, so nobody loses the idea they were reading.
 */
export function AiSuggestionBox({ onRecord, onMoreOptions, className }: AiSuggestionBoxProps) {
  const [prompt, setPrompt] = useState(() => randomPrompt());
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(() => setPrompt((previous) => randomPrompt(previous)), ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [paused]);

  return (
    <section
      aria-labelledby="ai-suggestion-heading"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
      className={cn(
        'relative overflow-hidden rounded-3xl border bg-linear-to-br from-accent via-card to-card p-5 shadow-soft',
        className,
      )}
    >
      <div
        aria-hidden="true"
        className="absolute -right-8 -top-10 size-32 rounded-full bg-highlight/25 blur-2xl"
      />
      <div className="relative flex items-center justify-between gap-2">
        <h2
          id="ai-suggestion-heading"
          className="flex items-center gap-2 text-sm font-semibold text-accent-foreground"
        >
          <Sparkles aria-hidden="true" className="size-4" />
          AI suggestion
        </h2>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 [&_svg]:size-4"
          aria-label="Show another idea"
          onClick={() => setPrompt((previous) => randomPrompt(previous))}
        >
          <Shuffle aria-hidden="true" />
        </Button>
      </div>
      <button
        type="button"
        onClick={() => onRecord(prompt)}
        aria-label={`Record about: ${prompt}`}
        className="group relative mt-2 block w-full cursor-pointer rounded-2xl text-left"
      >
        <span
          ref={fadeIn}
          key={prompt}
          className="block min-h-[3.5em] text-lg font-semibold leading-snug tracking-tight text-balance"
        >
          “{prompt}”
        </span>
        <span className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-primary group-hover:underline group-hover:underline-offset-2">
          <Mic aria-hidden="true" className="size-4" />
          Tap to record about this
        </span>
      </button>
      <Button
        variant="outline"
        size="sm"
        className="relative mt-4 w-full"
        onClick={() => onMoreOptions(prompt)}
      >
        <Lightbulb aria-hidden="true" />
        Create with AI Idea
      </Button>
    </section>
  );
}
