import { Loader2, UsersRound } from 'lucide-react';
import { useId, useState } from 'react';
import type { Conversation } from '@shared/contract/conversations';
import type { PublicUser } from '@shared/contract/users';
import { GROUP_NAME_MAX_LENGTH } from '@shared/domain/conversations';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { useCreateConversation } from '../api/conversations';
import { PeoplePicker } from './people-picker';

/** Besides me: a group is three people or more. */
const GROUP_MIN_OTHERS = 2;

interface CreateGroupDialogProps {
  myId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (conversation: Conversation) => void;
}

/** "Create Group" (the spec leaves its flow open): a name and two or more people. */
export function CreateGroupDialog({ myId, open, onOpenChange, onCreated }: CreateGroupDialogProps) {
  const nameId = useId();
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<PublicUser[]>([]);
  const create = useCreateConversation((conversation) => {
    onOpenChange(false);
    setName('');
    setSelected([]);
    onCreated(conversation);
  });
  const missing = Math.max(0, GROUP_MIN_OTHERS - selected.length);
  const ready = name.trim().length > 0 && missing === 0;

  return (
    <Dialog open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create Group</DialogTitle>
          <DialogDescription>Name it and add two or more people.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            if (ready)
              create.mutate({
                type: 'group',
                name: name.trim(),
                participantIds: selected.map((person) => person.id),
              });
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={nameId}>Group name</Label>
            <Input
              id={nameId}
              value={name}
              maxLength={GROUP_NAME_MAX_LENGTH}
              onChange={(event) => setName(event.target.value)}
              placeholder="Sunday book club"
              autoComplete="off"
              autoFocus
            />
          </div>
          <PeoplePicker myId={myId} mode="many" selected={selected} onChange={setSelected} />
          <p aria-live="polite" className="-mt-2 text-sm text-muted-foreground">
            {missing > 0
              ? `Add ${missing} more ${missing === 1 ? 'person' : 'people'}`
              : `${selected.length + 1} people, you included`}
          </p>
          <DialogFooter>
            <Button type="submit" disabled={!ready || create.isPending}>
              {create.isPending ? (
                <Loader2 aria-hidden="true" className="animate-spin" />
              ) : (
                <UsersRound aria-hidden="true" />
              )}
              Create Group
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
