import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Post } from '@shared/contract/posts';
import { displayName } from '@shared/domain/display-name';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@client/components/ui/dialog';
import { formatRelativeTime } from '@client/lib/format';
import { cn } from '@client/lib/utils';
import type { Story } from '../lib/home-feed';

interface StoryViewerDialogProps {
  stories: readonly Story[];
  /** Which story and which of its recordings is open; null when closed. */
  position: { story: number; item: number } | null;
  onPositionChange: (position: { story: number; item: number } | null) => void;
  renderPost: (post: Post) => ReactNode;
}

/** The story viewer (spec §2): one person's recordings of the day, with previous and next. */
export function StoryViewerDialog({
  stories,
  position,
  onPositionChange,
  renderPost,
}: StoryViewerDialogProps) {
  const story = position ? stories[position.story] : undefined;
  const post = story && position ? story.posts[position.item] : undefined;
  const open = Boolean(post);

  const go = (delta: 1 | -1) => {
    if (!position || !story) return;
    const item = position.item + delta;
    if (item >= 0 && item < story.posts.length) return onPositionChange({ story: position.story, item });
    const next = position.story + delta;
    const nextStory = stories[next];
    if (!nextStory) return onPositionChange(null);
    onPositionChange({ story: next, item: delta === 1 ? 0 : nextStory.posts.length - 1 });
  };
  const atStart = position?.story === 0 && position.item === 0;

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onPositionChange(null)}>
      <DialogContent className="sm:max-w-xl">
        {story && post && position && (
          <>
            {story.posts.length > 1 && (
              <div aria-hidden="true" className="-mb-2 flex gap-1 pr-12">
                {story.posts.map((item, index) => (
                  <span
                    key={item.id}
                    className={cn(
                      'h-1 flex-1 rounded-full',
                      index <= position.item ? 'bg-primary' : 'bg-secondary',
                    )}
                  />
                ))}
              </div>
            )}
            <DialogTitle className="sr-only">{`${displayName(story.user)}’s story`}</DialogTitle>
            <DialogDescription className="sr-only">
              {story.posts.length > 1
                ? `Recording ${position.item + 1} of ${story.posts.length}, ${formatRelativeTime(post.createdAt)}`
                : formatRelativeTime(post.createdAt)}
            </DialogDescription>
            <div key={post.id}>{renderPost(post)}</div>
            <div className="flex items-center justify-between gap-2">
              <Button variant="outline" size="sm" onClick={() => go(-1)} disabled={atStart}>
                <ChevronLeft aria-hidden="true" />
                Previous
              </Button>
              <Button variant="outline" size="sm" onClick={() => go(1)}>
                Next
                <ChevronRight aria-hidden="true" />
              </Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
