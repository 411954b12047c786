import { Camera, Loader2, Move } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { PublicUser } from '@shared/contract/users';
import { Tooltip, TooltipContent, TooltipTrigger } from '@client/components/ui/tooltip';
import { isUnauthorizedError } from '@client/lib/api-client';
import { toast } from '@client/lib/use-toast';
import { cn } from '@client/lib/utils';
import { updateFailedMessage, useUpdateProfile } from '../api/profile-edit';
import { PositionAdjusterDialog } from './position-adjuster-dialog';
import { usePictureInput } from './use-picture-input';

interface AvatarActionsProps {
  user: PublicUser;
  name: string;
  className?: string;
  /** The avatar itself. */
  children: ReactNode;
}

/**
 * Spec §2 own profile: actions on the avatar to change the picture and adjust its position. They appear on hover
 * or keyboard focus, and stay visible where there is no hover (touch screens).
 */
export function AvatarActions({ user, name, className, children }: AvatarActionsProps) {
  const [adjusting, setAdjusting] = useState(false);
  const update = useUpdateProfile(user.id);
  const { input, open } = usePictureInput('profile', (file) =>
    update.mutate(
      { fields: {}, profileImage: { blob: file, name: file.name } },
      {
        onSuccess: () => toast({ title: 'Profile Updated', description: 'Your new picture is in place.' }),
        onError: (error) => {
          if (isUnauthorizedError(error)) return;
          toast({ variant: 'destructive', title: 'Update Failed', description: updateFailedMessage(error) });
        },
      },
    ),
  );
  const uploading = update.isPending;

  return (
    <div className={cn('group relative shrink-0', className)}>
      {children}
      {uploading && (
        <span
          role="status"
          className="absolute inset-1 grid place-items-center rounded-full bg-stone-950/55 text-white"
        >
          <Loader2 className="size-7 animate-spin motion-reduce:animate-none" aria-hidden="true" />
          <span className="sr-only">Uploading your picture…</span>
        </span>
      )}
      <div
        className={cn(
          'absolute inset-x-0 -bottom-2 flex justify-center gap-1.5 opacity-0 transition-opacity',
          'group-hover:opacity-100 group-focus-within:opacity-100 [@media(hover:none)]:opacity-100',
        )}
      >
        {/* Kept in place while uploading (not hidden), so the focus the file dialog gave back stays on it. */}
        <ActionButton label="Change picture" onClick={open} disabled={uploading}>
          <Camera className="size-4" aria-hidden="true" />
        </ActionButton>
        {user.profileImageUrl && (
          <ActionButton
            label="Adjust position"
            onClick={() => setAdjusting(true)}
            haspopup
            disabled={uploading}
          >
            <Move className="size-4" aria-hidden="true" />
          </ActionButton>
        )}
      </div>
      {input}
      <PositionAdjusterDialog user={user} name={name} open={adjusting} onOpenChange={setAdjusting} />
    </div>
  );
}

function ActionButton({
  label,
  onClick,
  haspopup = false,
  disabled = false,
  children,
}: {
  label: string;
  onClick: () => void;
  haspopup?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          aria-label={label}
          aria-haspopup={haspopup ? 'dialog' : undefined}
          aria-disabled={disabled || undefined}
          onClick={() => {
            if (!disabled) onClick();
          }}
          className="grid size-9 cursor-pointer place-items-center rounded-full border bg-card text-foreground shadow-soft transition-colors hover:bg-secondary"
        >
          {children}
        </button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}
