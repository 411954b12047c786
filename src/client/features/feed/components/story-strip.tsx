import { Avatar, pictureFraming } from '@client/components/ui/avatar';
import { displayName } from '@shared/domain/display-name';
import { cn } from '@client/lib/utils';
import { firstNameOf, type Story } from '../lib/home-feed';

const PLACEHOLDERS = 5;

interface StoryStripProps {
  stories: readonly Story[];
  onOpen: (story: Story) => void;
}

/** Spec §2: the last day's voices as circles with first names; five "No stories" placeholders when empty. */
export function StoryStrip({ stories, onOpen }: StoryStripProps) {
  return (
    <section aria-labelledby="stories-heading" className="min-w-0">
      <h2 id="stories-heading" className="sr-only">
        Stories
      </h2>
      <ul className="-mx-4 flex gap-4 overflow-x-auto px-4 pb-2 pt-1 [scrollbar-width:none] sm:-mx-1 sm:px-1 [&::-webkit-scrollbar]:hidden">
        {stories.length > 0
          ? stories.map((story) => {
              const name = firstNameOf(story.user);
              return (
                <li key={story.user.id} className="shrink-0">
                  <button
                    type="button"
                    onClick={() => onOpen(story)}
                    aria-label={`Open ${displayName(story.user)}’s story (${story.posts.length} ${story.posts.length === 1 ? 'recording' : 'recordings'})`}
                    className="group flex w-[4.5rem] cursor-pointer flex-col items-center gap-1.5 rounded-2xl"
                  >
                    <span className="rounded-full bg-linear-to-tr from-highlight via-primary to-fuchsia-600 p-[3px] transition-transform group-hover:scale-105 group-active:scale-95">
                      <span className="block rounded-full bg-background p-[2px]">
                        <Avatar
                          src={story.user.profileImageUrl}
                          name={displayName(story.user)}
                          framing={pictureFraming(story.user)}
                          className="size-14 text-base"
                        />
                      </span>
                    </span>
                    <span className="w-full truncate text-center text-xs font-medium">{name}</span>
                  </button>
                </li>
              );
            })
          : Array.from({ length: PLACEHOLDERS }, (_, index) => (
              <li key={index} className="flex w-[4.5rem] shrink-0 flex-col items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className={cn(
                    'grid size-[4.25rem] place-items-center rounded-full border-2 border-dashed border-border bg-secondary/50',
                  )}
                />
                <span className="w-full truncate text-center text-xs text-muted-foreground">No stories</span>
              </li>
            ))}
      </ul>
    </section>
  );
}
