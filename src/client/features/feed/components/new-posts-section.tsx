import { ListMusic, Mic } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Post } from '@shared/contract/posts';
import { Button } from '@client/components/ui/button';
import { useContinuousPlay } from '@client/lib/audio/play-queue';
import { HomeSection } from './home-section';

const PAGE = 6;

interface NewPostsSectionProps {
  posts: readonly Post[];
  renderPost: (post: Post) => ReactNode;
  onCreateFirst: () => void;
}

/** Spec §2 "New Posts": a 2-column grid, or "No posts yet. Be the first to share!". */
export function NewPostsSection({ posts, renderPost, onCreateFirst }: NewPostsSectionProps) {
  const [shown, setShown] = useState(PAGE);
  return (
    <HomeSection id="new-posts" title="New Posts" action={posts.length > 1 && <ContinuousPlaySwitch />}>
      {posts.length > 0 ? (
        <>
          <ul data-play-queue className="grid grid-cols-2 gap-x-3 gap-y-6 sm:gap-x-5">
            {posts.slice(0, shown).map((post) => (
              <li key={post.id} className="min-w-0">
                {renderPost(post)}
              </li>
            ))}
          </ul>
          {posts.length > shown && (
            <div className="flex justify-center">
              <Button variant="outline" onClick={() => setShown((count) => count + PAGE)}>
                Show more posts
              </Button>
            </div>
          )}
        </>
      ) : (
        <div className="flex flex-col items-center rounded-3xl border border-dashed bg-card/60 px-6 py-12 text-center">
          <span
            aria-hidden="true"
            className="grid size-14 place-items-center rounded-2xl bg-accent text-accent-foreground"
          >
            <Mic className="size-6" />
          </span>
          <p className="mt-4 font-semibold">No posts yet. Be the first to share!</p>
          <Button className="mt-5" onClick={onCreateFirst}>
            Create Your First Post
          </Button>
        </div>
      )}
    </HomeSection>
  );
}

/** On, a post that ends plays the next one on its own (issue 29); remembered in this browser. */
function ContinuousPlaySwitch() {
  const [on, setOn] = useContinuousPlay();
  return (
    <Button
      variant={on ? 'secondary' : 'ghost'}
      size="sm"
      aria-pressed={on}
      onClick={() => setOn(!on)}
      className={on ? 'text-primary' : 'text-muted-foreground'}
    >
      <ListMusic aria-hidden="true" />
      Continuous play
    </Button>
  );
}
