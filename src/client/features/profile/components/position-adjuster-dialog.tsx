import { Loader2, RotateCcw } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { PublicUser } from '@shared/contract/users';
import { clampOffset, PROFILE_IMAGE_OFFSET_LIMIT } from '@shared/domain/profile';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { isUnauthorizedError } from '@client/lib/api-client';
import { toast } from '@client/lib/use-toast';
import { useSaveImagePosition } from '../api/profile-edit';

/** Spec §4: dragging reaches half the preview either way, the same ±64 px the server keeps. */
export const ADJUSTER_PREVIEW_SIZE = 2 * PROFILE_IMAGE_OFFSET_LIMIT;
const KEY_STEP = 4;
const KEY_STEP_LARGE = 16;
const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

interface Position {
  x: number;
  y: number;
}

interface PositionAdjusterDialogProps {
  user: PublicUser;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec §2/§4 Position adjuster: drag (or arrow keys) to move the picture in its circle; Reset; Save. */
export function PositionAdjusterDialog({ user, name, open, onOpenChange }: PositionAdjusterDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-sm">
        <DialogHeader>
          <DialogTitle>Adjust position</DialogTitle>
          <DialogDescription>
            Drag your picture, or use the arrow keys, to choose what shows in the circle.
          </DialogDescription>
        </DialogHeader>
        {open && user.profileImageUrl && (
          <PositionAdjuster
            user={user}
            src={user.profileImageUrl}
            name={name}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function PositionAdjuster({
  user,
  src,
  name,
  onDone,
}: {
  user: PublicUser;
  src: string;
  name: string;
  onDone: () => void;
}) {
  const [position, setPosition] = useState<Position>({
    x: user.profileImageOffsetX,
    y: user.profileImageOffsetY,
  });
  const drag = useRef<{ pointerId: number; startX: number; startY: number; from: Position } | null>(null);
  const save = useSaveImagePosition(user.id);

  const moveTo = (x: number, y: number) => setPosition({ x: clampOffset(x), y: clampOffset(y) });

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      from: position,
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    moveTo(start.from.x + event.clientX - start.startX, start.from.y + event.clientY - start.startY);
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const arrow = ARROWS[event.key];
    if (!arrow) return;
    event.preventDefault();
    const step = event.shiftKey ? KEY_STEP_LARGE : KEY_STEP;
    moveTo(position.x + arrow[0] * step, position.y + arrow[1] * step);
  };

  const submit = () =>
    save.mutate(
      { offsetX: Math.round(position.x), offsetY: Math.round(position.y) },
      {
        onSuccess: () => {
          toast({ title: 'Position Saved' });
          onDone();
        },
        onError: (error) => {
          if (isUnauthorizedError(error)) return;
          toast({ variant: 'destructive', title: 'Failed to save image position. Please try again.' });
        },
      },
    );

  return (
    <div className="grid gap-5">
      <div className="flex flex-col items-center gap-3">
        <div
          role="application"
          aria-roledescription="picture position"
          aria-label={`Position of ${name}'s picture`}
          aria-describedby="adjuster-position"
          tabIndex={0}
          data-testid="position-preview"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onKeyDown={onKeyDown}
          style={{ width: ADJUSTER_PREVIEW_SIZE, height: ADJUSTER_PREVIEW_SIZE }}
          className="relative cursor-grab touch-none select-none overflow-hidden rounded-full bg-accent shadow-soft ring-4 ring-primary/25 active:cursor-grabbing focus-visible:ring-ring"
        >
          <img
            src={src}
            alt=""
            draggable={false}
            className="pointer-events-none size-full object-cover"
            style={{ transform: `translate(${position.x}px, ${position.y}px)` }}
          />
        </div>
        <p id="adjuster-position" aria-live="polite" className="text-xs tabular-nums text-muted-foreground">
          {describePosition(position)}
        </p>
      </div>
      <DialogFooter className="sm:justify-between">
        <Button
          type="button"
          variant="ghost"
          disabled={save.isPending}
          onClick={() => setPosition({ x: 0, y: 0 })}
        >
          <RotateCcw aria-hidden="true" />
          Reset
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button type="button" variant="outline" disabled={save.isPending} onClick={onDone}>
            Cancel
          </Button>
          <Button type="button" disabled={save.isPending} onClick={submit}>
            {save.isPending && (
              <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            )}
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </DialogFooter>
    </div>
  );
}

/** "12 px right, 4 px up", or "Centred". */
export function describePosition({ x, y }: Position): string {
  const parts = [
    x !== 0 && `${Math.abs(Math.round(x))} px ${x > 0 ? 'right' : 'left'}`,
    y !== 0 && `${Math.abs(Math.round(y))} px ${y > 0 ? 'down' : 'up'}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'Centred';
}
