import { Mic, Pause, Play, Sparkles, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/utils';
import { useTopicRotation } from '../hooks/use-topic-rotation';
import { DiscoverSection } from './discover-section';

/** Spec §2: Home takes the topic from `?topic=`. */
function recordTopicHref(topic: string): string {
  return `/?topic=${encodeURIComponent(topic)}`;
}

/**
 * Spec §2 "AI Topic Suggestions": three prompts from the fixed 20, a new set every 8 s, the highlight moving every
 * 2 s. Choosing one offers "Start Recording" (Home, with the topic) and "Clear". Nothing moves while a topic is
 * chosen or while the pointer or focus is on the list, so nobody loses what they were reading, and a pause button
 * stops it for as long as the person likes (WCAG 2.2.2: anything moving on its own for more than 5 s can be
 * paused). Reduced motion keeps the rotation and drops the transitions.
 */
export function TopicSuggestions({ random }: { random?: () => number }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [stopped, setStopped] = useState(false);
  const { topics, highlighted } = useTopicRotation(chosen !== null || reading || stopped, random);
  const listRef = useRef<HTMLUListElement>(null);
  const pause = (
    <Button
      variant="ghost"
      size="icon"
      aria-pressed={stopped}
      aria-label="Pause topic suggestions"
      title={stopped ? 'Resume topic suggestions' : 'Pause topic suggestions'}
      onClick={() => setStopped(!stopped)}
    >
      {stopped ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
    </Button>
  );

  return (
    <DiscoverSection id="discover-topics" title="AI Topic Suggestions" icon={Sparkles} action={pause}>
      <div
        onPointerEnter={() => setReading(true)}
        onPointerLeave={() => setReading(false)}
        onFocus={() => setReading(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setReading(false);
        }}
        className="space-y-3 rounded-3xl border bg-linear-to-br from-accent via-card to-card p-4 shadow-soft"
      >
        <ul ref={listRef} aria-label="Topics to record about" className="space-y-2">
          {topics.map((topic, index) => {
            const isChosen = topic === chosen;
            const lit = chosen === null ? index === highlighted : isChosen;
            return (
              <li key={topic}>
                <button
                  type="button"
                  aria-pressed={isChosen}
                  data-highlighted={lit || undefined}
                  onClick={() => setChosen(isChosen ? null : topic)}
                  className={cn(
                    'w-full cursor-pointer rounded-2xl border px-4 py-3 text-left text-sm font-medium leading-snug text-pretty transition-[background-color,border-color,box-shadow,opacity] duration-500 starting:opacity-0 motion-reduce:transition-none',
                    'hover:border-primary/50 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring/30',
                    lit ? 'border-primary/60 bg-card shadow-soft' : 'border-border/70 bg-card/60',
                    isChosen && 'ring-2 ring-primary',
                  )}
                >
                  {topic}
                </button>
              </li>
            );
          })}
        </ul>
        {chosen !== null && (
          <div className="grid gap-2 sm:grid-cols-[1fr_auto] lg:grid-cols-1">
            <Button asChild>
              <Link href={recordTopicHref(chosen)}>
                <Mic aria-hidden="true" />
                Start Recording
              </Link>
            </Button>
            <Button
              variant="outline"
              onClick={() => {
                // Focus goes back to the topic, not to the page's start, as these buttons leave.
                listRef.current?.querySelector<HTMLElement>('[aria-pressed="true"]')?.focus();
                setChosen(null);
              }}
            >
              <X aria-hidden="true" />
              Clear
            </Button>
          </div>
        )}
      </div>
    </DiscoverSection>
  );
}
