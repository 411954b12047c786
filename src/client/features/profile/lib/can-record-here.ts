import { isRecordingSupported } from '@client/lib/audio/recording-support';
import { toast } from '@client/lib/use-toast';

/** Spec §5: on the profile, a browser that cannot record says so in a toast before any recorder opens. */
export function canRecordHere(): boolean {
  if (isRecordingSupported()) return true;
  toast({
    variant: 'destructive',
    title: 'Not Supported',
    description: 'Audio recording is not supported in your browser.',
  });
  return false;
}
