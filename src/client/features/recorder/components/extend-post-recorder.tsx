import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2, Mic, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Post } from '@shared/contract/posts';
import { Button } from '@client/components/ui/button';
import { Progress } from '@client/components/ui/progress';
import { extensionForMimeType, isRecordingSupported } from '@client/lib/audio/recording-support';
import { useVoiceRecorder } from '@client/lib/audio/use-voice-recorder';
import {
  uploadErrorMessage,
  uploadWithProgress,
  type UploadProgress,
} from '@client/lib/upload-with-progress';
import { toast } from '@client/lib/use-toast';
import { formatBytes, formatClock } from '../lib/format';
import { CountdownView } from './countdown-view';
import { LiveRecordingView } from './live-recording-view';
import { RecordingPreview } from './recording-preview';

type Phase = 'ready' | 'countdown' | 'live' | 'recorded';

interface Recorded {
  blob: Blob;
  seconds: number;
  levels: number[];
}

interface ExtendPostRecorderProps {
  post: Post;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}

/** The dialog's body: record (after a 3-2-1), listen back, then append it with POST /api/posts/{id}/extend. */
export function ExtendPostRecorder({ post, onBusyChange, onDone }: ExtendPostRecorderProps) {
  const [phase, setPhase] = useState<Phase>('ready');
  const [recorded, setRecorded] = useState<Recorded | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const levelsRef = useRef<number[]>([]);
  const preparing = useRef<Promise<boolean> | null>(null);
  const queryClient = useQueryClient();

  const recorder = useVoiceRecorder({
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Recording Error', description: error.message });
      setPhase(recorded ? 'recorded' : 'ready');
    },
  });

  const extend = useMutation({
    mutationFn: (take: Recorded) => {
      const body = new FormData();
      body.append('duration', String(Math.round(take.seconds * 10) / 10));
      body.append('audio', take.blob, `extension.${extensionForMimeType(take.blob.type)}`);
      return uploadWithProgress('extendPost', { params: { id: post.id }, body, onProgress: setProgress });
    },
    onSuccess: (updated) => {
      for (const queryKey of [['/api/feed'], ['/api/posts'], [`/api/posts/${post.id}`]]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      toast({
        title: 'Recording extended',
        description: `“${updated.title}” is now ${formatClock(updated.duration)} long.`,
      });
      onDone();
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Failed to extend recording. Please try again.',
        description: uploadErrorMessage(error),
      });
    },
    onSettled: () => setProgress(null),
  });

  useEffect(() => {
    onBusyChange(extend.isPending);
  }, [extend.isPending, onBusyChange]);

  const startCountdown = () => {
    preparing.current = recorder.prepare();
    setPhase('countdown');
  };

  const begin = async () => {
    setWaiting(true);
    const ready = await (preparing.current ?? Promise.resolve(false));
    setWaiting(false);
    if (!ready) return;
    levelsRef.current = [];
    if (recorder.start()) setPhase('live');
  };

  const stop = async () => {
    const result = await recorder.stop();
    if (result && result.blob.size > 0) {
      setRecorded({ blob: result.blob, seconds: result.seconds, levels: levelsRef.current });
      setPhase('recorded');
    } else {
      setPhase(recorded ? 'recorded' : 'ready');
    }
  };

  const upload = () => {
    if (!recorded || recorded.blob.size === 0) {
      toast({ variant: 'destructive', title: 'No recording to upload' });
      return;
    }
    extend.mutate(recorded);
  };

  if (!isRecordingSupported()) {
    return <p className="text-sm font-medium">Audio recording is not supported in this browser</p>;
  }

  if (phase === 'countdown') {
    return (
      <CountdownView
        onDone={() => void begin()}
        waitingForMicrophone={waiting}
        onCancel={() => {
          recorder.cancel();
          setPhase(recorded ? 'recorded' : 'ready');
        }}
        className="py-2"
      />
    );
  }

  if (phase === 'live') {
    return (
      <LiveRecordingView
        paused={recorder.status === 'paused'}
        stopping={recorder.status === 'stopping'}
        elapsedSeconds={recorder.elapsedSeconds}
        previousSeconds={0}
        takeNumber={1}
        stream={recorder.stream}
        onPause={recorder.pause}
        onResume={recorder.resume}
        onStop={() => void stop()}
        onDiscard={() => {
          recorder.cancel();
          setPhase(recorded ? 'recorded' : 'ready');
        }}
        onSample={(level) => levelsRef.current.push(level)}
        discardLabel="Discard this recording"
      />
    );
  }

  if (phase === 'recorded' && recorded) {
    const sent = progress && progress.total > 0 ? (progress.loaded / progress.total) * 100 : 0;
    const processing = progress !== null && progress.loaded >= progress.total;
    return (
      <div className="flex flex-col gap-5">
        <RecordingPreview blob={recorded.blob} seconds={recorded.seconds} levels={recorded.levels} />
        <p className="text-sm text-muted-foreground">
          The post will be about{' '}
          <span className="font-medium text-foreground tabular-nums">
            {formatClock(post.duration + recorded.seconds)}
          </span>{' '}
          long.
        </p>
        {extend.isPending && (
          <div className="space-y-2" aria-live="polite">
            <div className="flex items-baseline justify-between text-sm">
              <span className="font-medium">{processing ? 'Processing audio…' : 'Uploading…'}</span>
              {progress && !processing && (
                <span className="text-xs text-muted-foreground tabular-nums">
                  {formatBytes(progress.loaded)} of {formatBytes(progress.total)}
                </span>
              )}
            </div>
            <Progress
              aria-label="Upload progress"
              value={processing || !progress ? null : sent}
              valueText={processing ? 'Processing' : `${Math.round(sent)} percent uploaded`}
            />
          </div>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={startCountdown} disabled={extend.isPending}>
            <RotateCcw aria-hidden="true" />
            Record again
          </Button>
          <Button onClick={upload} disabled={extend.isPending} className="sm:min-w-36">
            {extend.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {extend.isPending ? 'Adding...' : 'Add to post'}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col items-center gap-4 py-4 text-center">
      <button
        type="button"
        onClick={startCountdown}
        className="grid size-24 cursor-pointer place-items-center rounded-full bg-primary text-primary-foreground shadow-lifted ring-8 ring-primary/10 transition-[transform,box-shadow] hover:ring-[12px] active:scale-95"
      >
        <Mic className="size-9" aria-hidden="true" />
        <span className="sr-only">Start recording</span>
      </button>
      <p className="text-sm text-muted-foreground">
        It is {formatClock(post.duration)} now. Tap to record what comes next.
      </p>
    </div>
  );
}
