import { ChartColumn, Flag, Pencil } from 'lucide-react';
import { Link } from 'wouter';
import { useState, type ReactNode } from 'react';
import type { ProfileUser } from '@shared/contract/safety';
import { displayName, handleOf } from '@shared/domain/display-name';
import { ReportDialog } from '@client/components/report-dialog';
import { Button } from '@client/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@client/components/ui/tooltip';
import { cn } from '@client/lib/utils';
import { coverGradient } from '@client/lib/cover';
import type { FollowSide } from '../api/follows';
import { AvatarActions } from './avatar-actions';
import { ProfileAvatar } from './profile-avatar';
import { ProfileEditDialog } from './profile-edit-dialog';
import { ProfileLinks } from './profile-links';
import { ProfileSafetyMenu } from './profile-safety-menu';
import { homeServerOf } from '@shared/domain/home-server';

interface ProfileHeaderProps {
  user: ProfileUser;
  own: boolean;
  followers: number | undefined;
  following: number | undefined;
  onShowPeople: (side: FollowSide) => void;
  /** Others' profiles: the Follow/Following toggle, composed by the page (features do not import each other). */
  followButton?: ReactNode;
  /** Under the bio: the voice bio to play, and on one's own profile its Add / Re-record / Delete. */
  voiceBio?: ReactNode;
}

/**
 * Spec §2 Profile: the cover (their image or a gradient), the avatar, name and `@handle`, the counts (Voice Posts,
 * Followers, Following; the last two open their lists), then the bio and links. On one's own profile: Edit Profile,
 * View Stats and the avatar's picture actions; on others': Follow and more options (mute and block).
 */
export function ProfileHeader({
  user,
  own,
  followers,
  following,
  onShowPeople,
  followButton,
  voiceBio,
}: ProfileHeaderProps) {
  const name = displayName(user);
  const handle = handleOf(user);
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState(false);
  return (
    <header className="overflow-hidden rounded-3xl border bg-card shadow-soft">
      <div
        data-testid="profile-cover"
        className={cn('relative h-32 overflow-hidden bg-linear-to-br sm:h-44', coverGradient(user.id))}
      >
        {user.backgroundImageUrl ? (
          <img src={user.backgroundImageUrl} alt="" className="absolute inset-0 size-full object-cover" />
        ) : (
          <>
            <div
              aria-hidden="true"
              className="absolute -right-16 -top-20 size-64 rounded-full bg-white/15 blur-3xl"
            />
            <div
              aria-hidden="true"
              className="absolute -bottom-24 left-1/4 size-56 rounded-full bg-black/10 blur-3xl"
            />
          </>
        )}
      </div>

      <div className="px-5 pb-6 sm:px-8 sm:pb-8">
        {/* Own actions may wrap to two rows on a phone: the avatar stays up against the cover. */}
        <div className={cn('flex justify-between gap-3', own ? 'items-start' : 'items-end')}>
          {own ? (
            <AvatarActions user={user} name={name} className="-mt-12 sm:-mt-16">
              <ProfileAvatar user={user} name={name} className="size-24 sm:size-32" />
            </AvatarActions>
          ) : (
            <ProfileAvatar user={user} name={name} className="-mt-12 size-24 sm:-mt-16 sm:size-32" />
          )}
          {own && (
            <div className="flex flex-wrap items-center justify-end gap-2 pt-4">
              <Button variant="outline" aria-haspopup="dialog" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" />
                Edit Profile
              </Button>
              <Button asChild variant="outline">
                <Link href={`/stats/${user.id}`}>
                  <ChartColumn aria-hidden="true" />
                  View Stats
                </Link>
              </Button>
              <ProfileEditDialog user={user} open={editing} onOpenChange={setEditing} />
            </div>
          )}
          {!own && (
            <div className="flex flex-wrap items-center justify-end gap-2 pt-4">
              {!user.viewerBlocks && followButton}
              <Tooltip>
                <TooltipTrigger asChild>
                  <Button
                    variant="outline"
                    size="icon"
                    className="size-11"
                    aria-label={`Report ${name}`}
                    aria-haspopup="dialog"
                    onClick={() => setReporting(true)}
                  >
                    <Flag aria-hidden="true" />
                  </Button>
                </TooltipTrigger>
                <TooltipContent>Report</TooltipContent>
              </Tooltip>
              {reporting && (
                <ReportDialog
                  open
                  onOpenChange={setReporting}
                  targetKind="user"
                  targetId={user.id}
                  homeServer={homeServerOf(user.username)}
                />
              )}
              <ProfileSafetyMenu user={user} />
            </div>
          )}
        </div>

        <div className="mt-4 min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-balance break-words sm:text-3xl">{name}</h1>
          {handle && <p className="mt-0.5 truncate text-muted-foreground">@{handle}</p>}
        </div>

        <ul
          aria-label="Counts"
          className="mt-5 grid grid-cols-3 divide-x overflow-hidden rounded-2xl border bg-background/60"
        >
          <li className="flex flex-col items-center justify-center px-2 py-3 text-center">
            <CountValue value={user.postCount} />
            <span className="text-xs font-medium text-muted-foreground sm:text-sm">Voice Posts</span>
          </li>
          <li className="flex">
            <CountButton label="Followers" value={followers} onClick={() => onShowPeople('followers')} />
          </li>
          <li className="flex">
            <CountButton label="Following" value={following} onClick={() => onShowPeople('following')} />
          </li>
        </ul>

        {user.bio?.trim() && (
          <p className="mt-5 max-w-2xl whitespace-pre-line break-words leading-relaxed text-pretty">
            {user.bio.trim()}
          </p>
        )}
        <ProfileLinks links={user.links} />
        {voiceBio}
      </div>
    </header>
  );
}

function CountValue({ value }: { value: number | undefined }) {
  return (
    <span
      aria-hidden={value === undefined || undefined}
      className={cn(
        'text-lg font-bold tabular-nums leading-tight sm:text-xl',
        value === undefined && 'animate-pulse text-muted-foreground motion-reduce:animate-none',
      )}
    >
      {value === undefined ? '–' : value.toLocaleString('en-US')}
    </span>
  );
}

function CountButton({
  label,
  value,
  onClick,
}: {
  label: string;
  value: number | undefined;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={onClick}
      className="flex flex-1 cursor-pointer flex-col items-center justify-center px-2 py-3 text-center transition-colors hover:bg-secondary focus-visible:-outline-offset-2"
    >
      <CountValue value={value} />
      <span className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</span>
    </button>
  );
}
