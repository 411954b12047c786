import { useQueryClient } from '@tanstack/react-query';
import { Loader2, Mic, RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Post } from '@shared/contract/posts';
import { Button } from '@client/components/ui/button';
import { UploadStatus } from '@client/components/upload-status';
import { extensionForMimeType, isRecordingSupported } from '@client/lib/audio/recording-support';
import { useRecordedTake } from '@client/lib/audio/use-recorded-take';
import { toFormData } from '@client/lib/multipart-form';
import { postListQueries, routeKey } from '@client/lib/query-keys';
import { uploadErrorMessage, uploadWithProgress } from '@client/lib/upload-with-progress';
import { toast } from '@client/lib/use-toast';
import { formatClock } from '@client/lib/format';
import { CountdownView } from '@client/components/countdown-view';
import { LiveRecordingView } from './live-recording-view';
import { RecordingPreview } from './recording-preview';

interface ExtendPostRecorderProps {
  post: Post;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}

/** The dialog's body: record (after a 3-2-1), listen back, then append it with POST /api/posts/{id}/extend. */
export function ExtendPostRecorder({ post, onBusyChange, onDone }: ExtendPostRecorderProps) {
  const [countingDown, setCountingDown] = useState(false);
  const queryClient = useQueryClient();

  const takes = useRecordedTake({
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Recording Error', description: error.message });
      setCountingDown(false);
    },
    upload: (take, onProgress) => {
      const body = toFormData(
        'extendPost',
        { duration: String(Math.round(take.seconds * 10) / 10) },
        { audio: { blob: take.blob, name: `extension.${extensionForMimeType(take.blob.type)}` } },
      );
      return uploadWithProgress('extendPost', { params: { id: post.id }, body, onProgress });
    },
    onUploaded: (updated) => {
      void queryClient.invalidateQueries(postListQueries);
      void queryClient.invalidateQueries({ queryKey: routeKey('getPost', { id: post.id }) });
      toast({
        title: 'Recording extended',
        description: `“${updated.title}” is now ${formatClock(updated.duration)} long.`,
      });
      onDone();
    },
    onUploadFailed: (error) => {
      toast({
        variant: 'destructive',
        title: 'Failed to extend recording. Please try again.',
        description: uploadErrorMessage(error),
      });
    },
  });
  const { recorder, take: recorded } = takes;
  const uploading = takes.phase === 'uploading';
  const phase = countingDown
    ? 'countdown'
    : takes.phase === 'recording'
      ? 'live'
      : recorded
        ? 'recorded'
        : 'ready';

  useEffect(() => {
    onBusyChange(uploading);
  }, [uploading, onBusyChange]);

  const startCountdown = () => {
    void takes.prepare();
    setCountingDown(true);
  };

  const begin = async () => {
    await takes.begin();
    setCountingDown(false);
  };

  const upload = () => {
    if (!recorded || recorded.blob.size === 0) {
      toast({ variant: 'destructive', title: 'No recording to upload' });
      return;
    }
    takes.upload(recorded);
  };

  if (!isRecordingSupported()) {
    return <p className="text-sm font-medium">Audio recording is not supported in this browser</p>;
  }

  if (phase === 'countdown') {
    return (
      <CountdownView
        onDone={() => void begin()}
        waitingForMicrophone={takes.waitingForMicrophone}
        onCancel={() => {
          takes.cancel();
          setCountingDown(false);
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
        onStop={() => void takes.stop()}
        onDiscard={takes.cancel}
        onSample={takes.addLevel}
        discardLabel="Discard this recording"
      />
    );
  }

  if (phase === 'recorded' && recorded) {
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
        {uploading && <UploadStatus progress={takes.progress} />}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={startCountdown} disabled={uploading}>
            <RotateCcw aria-hidden="true" />
            Record again
          </Button>
          <Button onClick={upload} disabled={uploading} className="sm:min-w-36">
            {uploading && <Loader2 className="animate-spin" aria-hidden="true" />}
            {uploading ? 'Adding...' : 'Add to post'}
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
