import { Loader2, MessageCirclePlus } from 'lucide-react';
import { useState } from 'react';
import type { Conversation } from '@shared/contract/conversations';
import type { PublicUser } from '@shared/contract/users';
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
import { useCreateConversation } from '../api/conversations';
import { PeoplePicker } from './people-picker';

interface StartChatDialogProps {
  myId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onStarted: (conversation: Conversation) => void;
}

/** Spec §2 "Start Chat": search people, select exactly one, then "Start Chat" (spec §5). */
export function StartChatDialog({ myId, open, onOpenChange, onStarted }: StartChatDialogProps) {
  const [selected, setSelected] = useState<PublicUser[]>([]);
  const create = useCreateConversation((conversation) => {
    onOpenChange(false);
    setSelected([]);
    onStarted(conversation);
  });
  const [person] = selected;
  const ready = selected.length === 1 && person !== undefined;

  return (
    <Dialog open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Start Chat</DialogTitle>
          <DialogDescription>Find someone and trade voice messages, one to one.</DialogDescription>
        </DialogHeader>
        <PeoplePicker myId={myId} mode="one" selected={selected} onChange={setSelected} autoFocus />
        <p aria-live="polite" className="-mt-2 text-sm text-muted-foreground">
          {person ? `With ${displayName(person)}` : 'Choose one person'}
        </p>
        <DialogFooter>
          <Button
            disabled={!ready || create.isPending}
            onClick={() => person && create.mutate({ type: 'direct', participantIds: [person.id] })}
          >
            {create.isPending ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <MessageCirclePlus aria-hidden="true" />
            )}
            Start Chat
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
