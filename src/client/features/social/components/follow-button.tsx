import { Check, Clock, LoaderCircle, UserMinus, UserPlus } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@client/components/ui/button';
import { isUnauthorizedError } from '@client/lib/api-client';
import { useAuth } from '@client/lib/use-auth';
import { toast } from '@client/lib/use-toast';
import { cn } from '@client/lib/utils';
import { useFollowStatus, useToggleFollow } from '../api/follows';

interface FollowButtonProps {
  userId: string;
  /** The person's display name: in lists of people it tells the buttons apart ("Follow Maya Okafor"). */
  userName?: string;
  size?: 'sm' | 'default';
  className?: string;
  /**
   * What the button reads while following: "Following" (a state, spec §4) on profiles and posts, "Unfollow" (the
   * action) on the Discover user card (spec §2 "Follow/Unfollow").
   */
  followingLabel?: 'Following' | 'Unfollow';
}

/**
 * Spec §4/§5 Follow: "Follow" or "Following", toggled by the same call, "Loading..." while pending; hidden on
 * one's own card and when signed out. A person of another server shows "Requested" until their server accepts
 * (issue 28); pressing it then withdraws the request.
 */
export function FollowButton({
  userId,
  userName,
  size = 'sm',
  className,
  followingLabel = 'Following',
}: FollowButtonProps) {
  const { user } = useAuth();
  const visible = Boolean(user) && user?.id !== userId;
  const status = useFollowStatus(userId, visible);
  const toggle = useToggleFollow(userId);

  const failedToFetch = status.isError && !isUnauthorizedError(status.error);
  useEffect(() => {
    if (failedToFetch) {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to fetch follow status' });
    }
  }, [failedToFetch]);

  if (!visible) return null;

  const following = status.data?.following ?? false;
  const requested = !following && (status.data?.requested ?? false);
  const loading = toggle.isPending || status.isPending;
  const text = loading ? 'Loading...' : following ? followingLabel : requested ? 'Requested' : 'Follow';

  return (
    <Button
      size={size}
      variant={(following || requested) && !loading ? 'outline' : 'default'}
      aria-label={userName ? `${text} ${userName}` : undefined}
      aria-busy={loading || undefined}
      // Not `disabled`: a keyboard user keeps focus on the button while it works.
      aria-disabled={loading || undefined}
      onClick={() => {
        if (!loading) toggle.mutate();
      }}
      className={cn('min-w-28 aria-disabled:cursor-wait aria-disabled:opacity-70', className)}
    >
      {loading ? (
        <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
      ) : following ? (
        followingLabel === 'Unfollow' ? (
          <UserMinus aria-hidden="true" />
        ) : (
          <Check aria-hidden="true" />
        )
      ) : requested ? (
        <Clock aria-hidden="true" />
      ) : (
        <UserPlus aria-hidden="true" />
      )}
      {text}
    </Button>
  );
}
