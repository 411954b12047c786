import { useCallback, useState } from 'react';
import { formatDurationWords } from '@client/lib/format';
import type { RecordedTake } from './use-recorded-take';

interface AnnouncedTakes {
  prepare(): unknown;
  begin(): Promise<boolean>;
  stop(): Promise<RecordedTake | null>;
}

interface TakeAnnouncements {
  /** Said once recording has begun: "Recording your reply". */
  recording: string;
  /** Said once the take is in, given its length in words. */
  ready: (length: string) => string;
}

/**
 * Start and stop for a take that tell screen readers what happened, for a polite live region showing
 * `announcement`; `announce` says anything else ("Recording cleared").
 */
export function useTakeAnnouncer(takes: AnnouncedTakes, says: TakeAnnouncements) {
  const [announcement, announce] = useState('');
  const { prepare, begin, stop: stopTake } = takes;
  const { recording, ready } = says;

  const start = useCallback(async () => {
    announce('');
    void prepare();
    if (await begin()) announce(recording);
  }, [prepare, begin, recording]);

  const stop = useCallback(
    () =>
      stopTake().then((recorded) => {
        if (recorded) announce(ready(formatDurationWords(recorded.seconds)));
      }),
    [stopTake, ready],
  );

  return { announcement, announce, start, stop };
}
