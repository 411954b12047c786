import { Ban, Ellipsis, VolumeX, Volume2 } from 'lucide-react';
import { useState } from 'react';
import type { ProfileUser } from '@shared/contract/safety';
import { displayName } from '@shared/domain/display-name';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { useSafetyChange } from '@client/lib/safety';

/**
 * Others' profiles: "More options for <name>", a menu to mute or block the person (and to undo either), with a word next to
 * it while one holds. Blocking asks first, saying what it does.
 */
export function ProfileSafetyMenu({ user }: { user: ProfileUser }) {
  const name = displayName(user);
  const change = useSafetyChange();
  const [confirming, setConfirming] = useState(false);
  const blocks = user.viewerBlocks ?? false;
  const mutes = user.viewerMutes ?? false;
  const act = (kind: 'block' | 'unblock' | 'mute' | 'unmute') =>
    change.mutate({ change: kind, userId: user.id, name });

  return (
    <>
      {(blocks || mutes) && (
        <span className="rounded-full bg-secondary px-3 py-1 text-xs font-semibold text-secondary-foreground">
          {blocks ? 'Blocked' : 'Muted'}
        </span>
      )}
      {/* Not modal, as in the post menu: the block confirmation opens from it, and a modal menu closing under a
          dialog leaves the page unclickable (Radix sets pointer-events: none on the body and never takes it off). */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="icon" className="size-11" aria-label={`More options for ${name}`}>
            <Ellipsis aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem disabled={change.isPending} onSelect={() => act(mutes ? 'unmute' : 'mute')}>
            {mutes ? <Volume2 aria-hidden="true" /> : <VolumeX aria-hidden="true" />}
            {mutes ? `Unmute ${name}` : `Mute ${name}`}
          </DropdownMenuItem>
          <DropdownMenuItem
            variant={blocks ? 'default' : 'destructive'}
            disabled={change.isPending}
            onSelect={() => (blocks ? act('unblock') : setConfirming(true))}
          >
            <Ban aria-hidden="true" />
            {blocks ? `Unblock ${name}` : `Block ${name}`}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={confirming} onOpenChange={(open) => !change.isPending && setConfirming(open)}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Block {name}?</DialogTitle>
            <DialogDescription>
              They won’t be told, but they may notice. You can unblock them in Settings at any time.
            </DialogDescription>
          </DialogHeader>
          <ul className="list-disc space-y-1.5 pl-5 text-sm text-pretty">
            <li>
              They can’t follow you, comment on your posts, start a chat with you or add you to a group.
            </li>
            <li>Neither of you sees the other’s posts or comments while signed in.</li>
            <li>Any follow between you ends, and unblocking doesn’t bring it back.</li>
          </ul>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={change.isPending}>
              Cancel
            </Button>
            <Button
              className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
              disabled={change.isPending}
              onClick={() =>
                change.mutate(
                  { change: 'block', userId: user.id, name },
                  { onSuccess: () => setConfirming(false) },
                )
              }
            >
              {change.isPending ? 'Blocking...' : 'Block'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
