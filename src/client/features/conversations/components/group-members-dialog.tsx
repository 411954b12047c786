import { Loader2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import type { Conversation } from '@shared/contract/conversations';
import type { PublicUser } from '@shared/contract/users';
import { GROUP_MAX_MEMBERS } from '@shared/domain/conversations';
import { displayName, handleOf } from '@shared/domain/display-name';
import { Avatar, pictureFraming } from '@client/components/ui/avatar';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { toast } from '@client/lib/use-toast';
import { useAddMembers } from '../api/conversations';
import { namesInPlainWords } from '../lib/conversation-display';
import { PeoplePicker } from './people-picker';

interface GroupMembersDialogProps {
  conversation: Conversation;
  myId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A group's people, and more added. The spec leaves groups open; as in the best messengers, any member may add
 * people, up to the group's limit.
 */
export function GroupMembersDialog({ conversation, myId, open, onOpenChange }: GroupMembersDialogProps) {
  const [selected, setSelected] = useState<PublicUser[]>([]);
  const members = conversation.participants;
  const room = GROUP_MAX_MEMBERS - members.length;
  const add = useAddMembers(conversation.id, (updated, addedIds) => {
    const added = updated.participants.filter((person) => addedIds.includes(person.id));
    toast({ title: 'People added', description: `${namesInPlainWords(added)} can now hear and answer.` });
    setSelected([]);
  });
  const tooMany = selected.length > room;

  return (
    <Dialog open={open} onOpenChange={(next) => !add.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Group members</DialogTitle>
          <DialogDescription>
            {members.length} people in {conversation.name ?? 'this group'}. Anyone in the group can add
            people.
          </DialogDescription>
        </DialogHeader>
        {/* Focusable so that a long list scrolls from the keyboard too. */}
        <ul
          aria-label="Members"
          tabIndex={0}
          className="-mx-1 max-h-48 divide-y overflow-y-auto rounded-lg px-1 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {members.map((person) => (
            <li key={person.id} className="flex items-center gap-3 py-2">
              <Avatar
                src={person.profileImageUrl}
                name={displayName(person)}
                framing={pictureFraming(person)}
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold">
                  {displayName(person)}
                  {person.id === myId && <span className="font-normal text-muted-foreground"> (you)</span>}
                </span>
                <span className="block truncate text-xs text-muted-foreground">@{handleOf(person)}</span>
              </span>
            </li>
          ))}
        </ul>
        <form
          className="grid gap-3 border-t pt-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (selected.length > 0 && !tooMany) add.mutate(selected.map((person) => person.id));
          }}
        >
          <h3 className="text-sm font-semibold">Add people</h3>
          <PeoplePicker
            myId={myId}
            mode="many"
            selected={selected}
            onChange={setSelected}
            memberIds={members.map((person) => person.id)}
          />
          <p aria-live="polite" className="text-sm text-muted-foreground">
            {tooMany
              ? `A group can have at most ${GROUP_MAX_MEMBERS} people: choose ${selected.length - room} fewer.`
              : selected.length === 0
                ? 'Choose the people to add'
                : `${namesInPlainWords(selected)} will join`}
          </p>
          <DialogFooter>
            <Button type="submit" disabled={selected.length === 0 || tooMany || add.isPending}>
              {add.isPending ? (
                <Loader2 aria-hidden="true" className="animate-spin" />
              ) : (
                <UserPlus aria-hidden="true" />
              )}
              Add to group
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
