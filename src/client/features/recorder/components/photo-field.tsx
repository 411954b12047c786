import { ImagePlus, Trash2 } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';
import { formatBytes } from '@client/lib/format';
import { useObjectUrl } from '@client/lib/use-object-url';
import { toast } from '@client/lib/use-toast';
import { MAX_IMAGE_BYTES } from '@shared/domain/posts';
import { checkPhotoFile } from '../lib/audio-file';

const MAX_IMAGE_MB = MAX_IMAGE_BYTES / (1024 * 1024);

/** The optional cover photo: pick one, see it, change or remove it. */
export function PhotoField({
  id,
  photo,
  disabled,
  onChange,
}: {
  id: string;
  photo: File | null;
  disabled: boolean;
  onChange: (photo: File | null) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const url = useObjectUrl(photo);
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkPhotoFile(file);
    if (problem) {
      toast({ variant: 'destructive', ...problem });
      return;
    }
    onChange(file);
  };
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Photo</Label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        onChange={pick}
        disabled={disabled}
      />
      {photo && url ? (
        <div className="flex items-center gap-3 rounded-2xl border bg-background/60 p-2 pr-3">
          <img src={url} alt="Selected cover" className="size-14 shrink-0 rounded-xl object-cover" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">{photo.name}</p>
            <p className="text-xs text-muted-foreground">{formatBytes(photo.size)}</p>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => inputRef.current?.click()}
            disabled={disabled}
          >
            Change
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            onClick={() => onChange(null)}
            disabled={disabled}
            aria-label="Remove photo"
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => inputRef.current?.click()}
          disabled={disabled}
          className="flex cursor-pointer items-center gap-3 rounded-2xl border border-dashed border-input bg-background/60 p-3 text-left transition-colors hover:border-foreground/30 hover:bg-secondary disabled:cursor-not-allowed disabled:opacity-60"
        >
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent text-accent-foreground">
            <ImagePlus className="size-5" aria-hidden="true" />
          </span>
          <span className="min-w-0">
            <span className="block text-sm font-semibold">Add a cover photo</span>
            <span className="block text-xs text-muted-foreground">
              Square images look best · up to {MAX_IMAGE_MB} MB
            </span>
          </span>
        </button>
      )}
    </div>
  );
}
