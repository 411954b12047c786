import { ImagePlus, Undo2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@client/components/ui/button';
import { useObjectUrl } from '@client/lib/use-object-url';
import { cn } from '@client/lib/utils';
import type { PictureKind } from '../lib/picture-file';
import { usePictureInput } from './use-picture-input';

interface ImagePickerFieldProps {
  kind: PictureKind;
  /** The picture the profile has now, shown until another is picked. */
  currentUrl: string | null;
  picked: File | null;
  onPick: (file: File | null) => void;
  disabled: boolean;
}

const TEXT: Record<PictureKind, { label: string; hint: string }> = {
  profile: { label: 'Profile image', hint: 'PNG, JPEG, WebP or GIF, under 10 MB.' },
  cover: { label: 'Cover image', hint: 'Recommended size 1200x300 · under 10 MB.' },
};

/** Spec §2 Profile edit: a picture with its preview; the new one replaces the old when the profile is saved. */
export function ImagePickerField({ kind, currentUrl, picked, onPick, disabled }: ImagePickerFieldProps) {
  const labelId = useId();
  const hintId = useId();
  const pickedUrl = useObjectUrl(picked);
  const previewUrl = picked ? pickedUrl : currentUrl;
  const { input, open } = usePictureInput(kind, onPick);
  const { label, hint } = TEXT[kind];

  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={hintId} className="space-y-2">
      <p id={labelId} className="text-sm font-medium leading-none">
        {label}
      </p>
      <div className={cn('flex gap-3', kind === 'cover' ? 'flex-col' : 'items-center')}>
        <div
          className={cn(
            'shrink-0 overflow-hidden border bg-linear-to-br from-secondary to-accent',
            kind === 'cover' ? 'aspect-[4/1] w-full rounded-2xl' : 'size-16 rounded-full',
          )}
        >
          {previewUrl && (
            <img
              src={previewUrl}
              alt={picked ? `New ${label.toLowerCase()}` : `Current ${label.toLowerCase()}`}
              className="size-full object-cover"
            />
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" variant="outline" size="sm" onClick={open} disabled={disabled}>
            <ImagePlus aria-hidden="true" />
            {previewUrl ? `Change ${label.toLowerCase()}` : `Choose ${label.toLowerCase()}`}
          </Button>
          {picked && (
            <Button type="button" variant="ghost" size="sm" onClick={() => onPick(null)} disabled={disabled}>
              <Undo2 aria-hidden="true" />
              Keep the current one
            </Button>
          )}
        </div>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {picked ? `${picked.name} will be saved with the profile. ` : ''}
        {hint}
      </p>
      {input}
    </div>
  );
}
