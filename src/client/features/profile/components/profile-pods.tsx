import { EllipsisVertical, EyeOff, Podcast, Rss, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { buildPath, endpoints } from '@shared/contract/endpoints';
import type { Post } from '@shared/contract/posts';
import { LoadError } from '@client/components/load-error';
import { Button } from '@client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { Skeleton } from '@client/components/ui/skeleton';
import { PodFacts } from '@client/components/pod-facts';
import { copyText } from '@client/lib/copy-text';
import { toast } from '@client/lib/use-toast';
import { cn } from '@client/lib/utils';
import { useUserPosts } from '../api/user-posts';
import { coverGradient } from '@client/lib/cover';
import { ProfileEmpty } from './profile-empty';
import { ShowMoreButton } from './show-more-button';

interface ProfilePodsProps {
  userId: string;
  own: boolean;
  /** "Ada": who the empty state speaks of on others' profiles. */
  firstName: string;
  /** A play button for the artwork: the shared player, composed by the page. */
  renderPlay: (pod: Post) => ReactNode;
  /** The detail modal (image, title, category, player, transcription), composed by the page. */
  onOpen: (pod: Post) => void;
}

const EPISODES = { type: 'episode' } as const;

/** Spec §2 Profile, Pods: the person's episodes as a list; the artwork plays, the row opens the detail. */
export function ProfilePods({ userId, own, firstName, renderPlay, onOpen }: ProfilePodsProps) {
  const pods = useUserPosts(userId, EPISODES);
  const list = pods.data?.pages.flatMap((page) => page.items) ?? [];

  if (pods.isPending) return <ProfilePodsSkeleton />;
  if (pods.isError) {
    return (
      <LoadError
        message="We couldn’t load the pods."
        onRetry={() => void pods.refetch()}
        retrying={pods.isFetching}
      />
    );
  }
  if (list.length === 0) {
    return (
      <ProfileEmpty
        icon={<Podcast />}
        message={own ? 'You haven’t recorded any pods yet.' : `${firstName} hasn’t published any pods yet.`}
      />
    );
  }
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">Listen in any podcast app.</p>
        <Button variant="outline" size="sm" onClick={() => void copyFeedLink(userId)}>
          <Rss aria-hidden="true" />
          Copy podcast feed link
        </Button>
      </div>
      <ul className="divide-y rounded-3xl border bg-card shadow-soft">
        {list.map((pod) => (
          <PodRow key={pod.id} pod={pod} own={own} renderPlay={renderPlay} onOpen={onOpen} />
        ))}
      </ul>
      <ShowMoreButton list={pods} label="Show more pods" />
    </div>
  );
}

/** The person's podcast feed (beyond the spec), to paste into a podcast app's "follow by URL". */
async function copyFeedLink(userId: string): Promise<void> {
  const url = new URL(buildPath(endpoints.podcastFeed.path, { id: userId }), window.location.origin).href;
  try {
    await copyText(url);
    toast({ title: 'Feed link copied', description: 'Paste it into your podcast app to follow these pods.' });
  } catch {
    toast({ variant: 'destructive', title: 'Could not copy the link', description: url });
  }
}

function PodRow({
  pod,
  own,
  renderPlay,
  onOpen,
}: { pod: Post; own: boolean } & Pick<ProfilePodsProps, 'renderPlay' | 'onOpen'>) {
  const title = pod.title.trim() || 'Untitled Episode';
  return (
    <li className="flex items-center gap-3 p-3 sm:gap-4 sm:p-4">
      <div
        className={cn(
          'relative size-16 shrink-0 overflow-hidden rounded-2xl bg-linear-to-br sm:size-[4.5rem]',
          coverGradient(pod.id),
        )}
      >
        {pod.imageUrl ? (
          <img src={pod.imageUrl} alt="" loading="lazy" className="absolute inset-0 size-full object-cover" />
        ) : (
          <Podcast aria-hidden="true" className="absolute left-2 top-2 size-4 text-white/80" />
        )}
        <div className="absolute bottom-1 right-1 [&_button]:size-8 [&_svg]:size-4">{renderPlay(pod)}</div>
      </div>
      <button
        type="button"
        onClick={() => onOpen(pod)}
        aria-haspopup="dialog"
        className="min-w-0 flex-1 cursor-pointer rounded-xl text-left"
      >
        <span className="block truncate font-semibold hover:underline hover:underline-offset-2">{title}</span>
        <PodFacts pod={pod} />
      </button>
      {own && <PodMenu title={title} />}
    </li>
  );
}

/** Spec §2: the owner's menu; both actions are announced, not built yet. */
function PodMenu({ title }: { title: string }) {
  const comingSoon = (action: string) =>
    toast({ title: 'Coming soon', description: `${action} isn’t available yet.` });
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-11 shrink-0" aria-label={`Options for ${title}`}>
          <EllipsisVertical aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={() => comingSoon('Making a pod private')}>
          <EyeOff aria-hidden="true" />
          Set to Private
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" onSelect={() => comingSoon('Erasing a recording')}>
          <Trash2 aria-hidden="true" />
          Erase Recording
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function ProfilePodsSkeleton() {
  return (
    <div role="status" aria-label="Loading pods" className="divide-y rounded-3xl border bg-card shadow-soft">
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="flex items-center gap-4 p-4">
          <Skeleton className="size-16 rounded-2xl" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-3/5 rounded-full" />
            <Skeleton className="h-3 w-2/5 rounded-full" />
          </div>
        </div>
      ))}
    </div>
  );
}
