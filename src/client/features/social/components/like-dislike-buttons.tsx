import { ThumbsDown, ThumbsUp, type LucideIcon } from 'lucide-react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@client/components/ui/tooltip';
import { SIGN_IN_URL } from '@client/lib/session';
import { useAuth } from '@client/lib/use-auth';
import { cn } from '@client/lib/utils';
import { useReactionStatus, useToggleReaction } from '../api/reactions';
import { formatCount, type Reaction } from '../lib/reactions';

interface LikeDislikeButtonsProps {
  postId: string;
  /** overlay: light controls over artwork (compact cards). */
  appearance?: 'default' | 'overlay';
  /** sm: the smaller pair under a compact card's title. */
  size?: 'default' | 'sm';
  className?: string;
}

/**
 * Thumbs up and down with their counts (spec §2/§4): each a toggle button (aria-pressed), refetched after every
 * press. Signed-out visitors see the counts; pressing one takes them to sign in.
 */
export function LikeDislikeButtons({
  postId,
  appearance = 'default',
  size = 'default',
  className,
}: LikeDislikeButtonsProps) {
  const { user } = useAuth();
  const { like, dislike } = useReactionStatus(postId);
  const toggle = useToggleReaction(postId);

  const press = (reaction: Reaction) => {
    if (!user) {
      window.location.href = SIGN_IN_URL;
      return;
    }
    // One toggle at a time, so the optimistic guess and the server never cross.
    if (!toggle.isPending) toggle.mutate(reaction);
  };

  return (
    <div
      role="group"
      aria-label="Reactions"
      className={cn(
        'inline-flex items-center rounded-full p-0.5',
        appearance === 'overlay' ? 'bg-black/35 backdrop-blur-sm' : 'bg-secondary/80',
        className,
      )}
    >
      <ReactionButton
        icon={ThumbsUp}
        label="Like"
        hint={user ? (like.data?.liked ? 'Remove like' : 'Like') : 'Sign in to like'}
        pressed={like.data?.liked ?? false}
        count={like.data?.count}
        tone="like"
        appearance={appearance}
        size={size}
        onPress={() => press('like')}
      />
      <span
        aria-hidden="true"
        className={cn(
          size === 'sm' ? 'h-3.5 w-px' : 'h-4 w-px',
          appearance === 'overlay' ? 'bg-white/25' : 'bg-foreground/10',
        )}
      />
      <ReactionButton
        icon={ThumbsDown}
        label="Dislike"
        hint={user ? (dislike.data?.disliked ? 'Remove dislike' : 'Dislike') : 'Sign in to dislike'}
        pressed={dislike.data?.disliked ?? false}
        count={dislike.data?.count}
        tone="dislike"
        appearance={appearance}
        size={size}
        onPress={() => press('dislike')}
      />
    </div>
  );
}

function ReactionButton({
  icon: Icon,
  label,
  hint,
  pressed,
  count,
  tone,
  appearance,
  size,
  onPress,
}: {
  icon: LucideIcon;
  label: string;
  hint: string;
  pressed: boolean;
  count: number | undefined;
  tone: 'like' | 'dislike';
  appearance: 'default' | 'overlay';
  size: 'default' | 'sm';
  onPress: () => void;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          aria-pressed={pressed}
          onClick={onPress}
          className={cn(
            'group inline-flex cursor-pointer items-center justify-center rounded-full font-semibold tabular-nums transition-[color,background-color,transform] active:scale-95',
            size === 'sm' ? 'h-8 min-w-11 gap-1 px-2.5 text-xs' : 'h-9 min-w-14 gap-1.5 px-3 text-sm',
            appearance === 'overlay'
              ? 'text-white hover:bg-white/15'
              : 'text-muted-foreground hover:bg-card hover:text-foreground',
            pressed &&
              (appearance === 'overlay'
                ? 'bg-white text-stone-900 hover:bg-white/90 hover:text-stone-900'
                : tone === 'like'
                  ? 'bg-card text-primary shadow-soft hover:text-primary'
                  : 'bg-card text-foreground shadow-soft hover:text-foreground'),
          )}
        >
          <Icon
            aria-hidden="true"
            className={cn(
              size === 'sm' ? 'size-3.5 transition-transform' : 'size-4 transition-transform',
              tone === 'like' ? 'group-active:-rotate-12' : 'group-active:rotate-12',
              pressed && 'scale-110 fill-current/25',
            )}
            strokeWidth={pressed ? 2.4 : 2}
          />
          <span className="sr-only">{`${label} `}</span>
          <span className={cn('min-w-[1ch]', count === undefined && 'opacity-0')}>
            {count === undefined ? '0' : formatCount(count)}
          </span>
        </button>
      </TooltipTrigger>
      <TooltipContent>{hint}</TooltipContent>
    </Tooltip>
  );
}
