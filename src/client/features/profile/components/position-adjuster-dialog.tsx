import { Loader2, RotateCcw, ZoomIn } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent, type SyntheticEvent } from 'react';
import type { PublicUser } from '@shared/contract/users';
import { CENTRED_FRAMING, clampFraming, MAX_PICTURE_ZOOM, type PictureFraming } from '@shared/domain/profile';
import { framingStyle, pictureFraming } from '@client/components/ui/avatar';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Slider } from '@client/components/ui/slider';
import { isUnauthorizedError } from '@client/lib/api-client';
import { toast } from '@client/lib/use-toast';
import { useSaveImagePosition } from '../api/profile-edit';

/** The profile page's largest avatar, so the preview shows the framing at full size. */
export const ADJUSTER_PREVIEW_SIZE = 128;
/** Arrow keys move the picture by this share of its reach (percent), with Shift by the larger one. */
const KEY_STEP = 5;
const KEY_STEP_LARGE = 20;
const ZOOM_STEP = 0.05;
const ZOOM_KEY_STEP = 0.25;
const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

const ZOOM_KEYS: Record<string, number> = { '+': 1, '=': 1, '-': -1 };

/** Width and height of the picture once scaled to cover the circle, in circle widths (1 on the shorter side). */
interface CoverScale {
  x: number;
  y: number;
}

function coverScaleOf(image: HTMLImageElement): CoverScale {
  const { naturalWidth: width, naturalHeight: height } = image;
  if (!width || !height) return { x: 1, y: 1 };
  const shorter = Math.min(width, height);
  return { x: width / shorter, y: height / shorter };
}

/**
 * How far a drag of `pixels` moves the framing point (percent) along one axis: the picture overhangs the circle
 * by (cover × zoom − 1) previews, and moving the point from 0 to 100 slides that overhang across. Dragging the
 * picture right shows more of its left side.
 */
function pointShift(pixels: number, cover: number, zoom: number): number {
  const overhang = ADJUSTER_PREVIEW_SIZE * (cover * zoom - 1);
  return overhang > 0 ? (-100 * pixels) / overhang : 0;
}

interface PositionAdjusterDialogProps {
  user: PublicUser;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec §2/§4 Position adjuster: drag (or arrow keys) and zoom the picture in its circle; Reset; Save. */
export function PositionAdjusterDialog({ user, name, open, onOpenChange }: PositionAdjusterDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-sm">
        <DialogHeader>
          <DialogTitle>Adjust position</DialogTitle>
          <DialogDescription>
            Drag your picture (or use the arrow keys) and zoom to choose what shows in the circle, at every
            size.
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
  const [framing, setFraming] = useState<PictureFraming>(() => pictureFraming(user));
  const [cover, setCover] = useState<CoverScale>({ x: 1, y: 1 });
  const drag = useRef<{ pointerId: number; startX: number; startY: number; from: PictureFraming } | null>(
    null,
  );
  const save = useSaveImagePosition(user.id);

  const frame = (next: PictureFraming) => setFraming(clampFraming(next));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      from: framing,
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    const { from } = start;
    frame({
      ...from,
      x: from.x + pointShift(event.clientX - start.startX, cover.x, from.zoom),
      y: from.y + pointShift(event.clientY - start.startY, cover.y, from.zoom),
    });
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const zoomBy = ZOOM_KEYS[event.key];
    const arrow = ARROWS[event.key];
    if (zoomBy) frame({ ...framing, zoom: framing.zoom + zoomBy * ZOOM_KEY_STEP });
    // An arrow moves the picture that way, so the framing point goes the other way.
    const step = event.shiftKey ? -KEY_STEP_LARGE : -KEY_STEP;
    if (arrow) frame({ ...framing, x: framing.x + arrow[0] * step, y: framing.y + arrow[1] * step });
    if (zoomBy || arrow) event.preventDefault();
  };
  const onImageLoad = (event: SyntheticEvent<HTMLImageElement>) =>
    setCover(coverScaleOf(event.currentTarget));

  const submit = () =>
    save.mutate(
      { positionX: framing.x, positionY: framing.y, zoom: framing.zoom },
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
            onLoad={onImageLoad}
            className="pointer-events-none size-full object-cover"
            style={framingStyle(framing)}
          />
        </div>
        <p id="adjuster-position" aria-live="polite" className="text-xs tabular-nums text-muted-foreground">
          {describeFraming(framing)}
        </p>
        <div className="flex w-full max-w-56 items-center gap-3">
          <ZoomIn aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <Slider
            label="Zoom"
            valueText={`${framing.zoom.toFixed(2)} times`}
            min={1}
            max={MAX_PICTURE_ZOOM}
            step={ZOOM_STEP}
            value={[framing.zoom]}
            onValueChange={([zoom]) => zoom !== undefined && frame({ ...framing, zoom })}
          />
        </div>
      </div>
      <DialogFooter className="sm:justify-between">
        <Button
          type="button"
          variant="ghost"
          disabled={save.isPending}
          onClick={() => setFraming(CENTRED_FRAMING)}
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

/** "Centred", or where the circle's centre sits on the picture and how much it is enlarged. */
export function describeFraming({ x, y, zoom }: PictureFraming): string {
  if (x === 50 && y === 50 && zoom === 1) return 'Centred';
  return `${Math.round(x)}% across, ${Math.round(y)}% down, zoom ${zoom.toFixed(2)}×`;
}
