import { useRef, type ChangeEvent } from 'react';
import { toast } from '@client/lib/use-toast';
import { checkPictureFile, PICTURE_ACCEPT, type PictureKind } from '../lib/picture-file';

/**
 * A hidden file input for a profile or cover picture and a way to open it: a file that breaks spec §5's rules is
 * refused with its toast, anything else is handed to `onPick`.
 */
export function usePictureInput(kind: PictureKind, onPick: (file: File) => void) {
  const ref = useRef<HTMLInputElement>(null);
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkPictureFile(file, kind);
    if (problem) toast({ variant: 'destructive', ...problem });
    else onPick(file);
  };
  const input = (
    <input
      ref={ref}
      type="file"
      accept={PICTURE_ACCEPT}
      className="sr-only"
      tabIndex={-1}
      aria-hidden="true"
      data-picture={kind}
      onChange={pick}
    />
  );
  return { input, open: () => ref.current?.click() };
}
