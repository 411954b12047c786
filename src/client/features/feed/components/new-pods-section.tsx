import { ChevronRight, Podcast } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Post } from '@shared/contract/posts';
import { displayName } from '@shared/domain/display-name';
import { PodFacts } from '@client/components/pod-facts';
import { cn } from '@client/lib/utils';
import { artGradient } from '../lib/art-gradient';
import { HomeSection } from './home-section';

interface NewPodsSectionProps {
  pods: readonly Post[];
  onOpen: (post: Post) => void;
  /** A play button for the artwork. */
  renderPlay: (post: Post) => ReactNode;
}

/** Spec §2 "New Pods": the first 3 episodes, ranked, with "View All" to Discover. */
export function NewPodsSection({ pods, onOpen, renderPlay }: NewPodsSectionProps) {
  return (
    <HomeSection
      id="new-pods"
      title="New Pods"
      action={
        <Link
          href="/discover"
          className="inline-flex items-center gap-0.5 rounded-full px-2 py-1 text-sm font-semibold text-primary hover:underline hover:underline-offset-2"
        >
          View All
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      }
    >
      {pods.length > 0 ? (
        <ol className="divide-y rounded-3xl border bg-card shadow-soft">
          {pods.map((pod, index) => {
            const title = pod.title.trim() || 'Untitled Episode';
            return (
              <li key={pod.id} className="flex items-center gap-3 p-3 sm:gap-4 sm:p-4">
                <span
                  aria-hidden="true"
                  className="w-6 shrink-0 text-center text-xl font-bold tabular-nums text-muted-foreground"
                >
                  {index + 1}
                </span>
                <div
                  className={cn(
                    'relative size-16 shrink-0 overflow-hidden rounded-2xl bg-linear-to-br sm:size-[4.5rem]',
                    artGradient(pod.id),
                  )}
                >
                  {pod.imageUrl ? (
                    <img
                      src={pod.imageUrl}
                      alt=""
                      loading="lazy"
                      className="absolute inset-0 size-full object-cover"
                    />
                  ) : (
                    <Podcast aria-hidden="true" className="absolute left-2 top-2 size-4 text-white/80" />
                  )}
                  <div className="absolute bottom-1 right-1 [&_button]:size-8 [&_svg]:size-4">
                    {renderPlay(pod)}
                  </div>
                </div>
                <button
                  type="button"
                  onClick={() => onOpen(pod)}
                  className="min-w-0 flex-1 cursor-pointer rounded-xl text-left"
                >
                  <span className="sr-only">{`Number ${index + 1}: `}</span>
                  <span className="block truncate font-semibold hover:underline hover:underline-offset-2">
                    {title}
                  </span>
                  <span className="block truncate text-sm text-muted-foreground">
                    {displayName(pod.user)}
                  </span>
                  <PodFacts pod={pod} />
                </button>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="flex items-center gap-3 rounded-3xl border border-dashed bg-card/60 px-5 py-6 text-sm text-muted-foreground">
          <Podcast aria-hidden="true" className="size-5 shrink-0" />
          No episodes available yet.
        </p>
      )}
    </HomeSection>
  );
}
