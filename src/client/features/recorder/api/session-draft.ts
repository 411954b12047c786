import type { Post } from '@shared/contract/posts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { apiRequest } from '@client/lib/api-client';
import { fetchAudio, originalAudioUrl } from '@client/lib/audio/fetch-audio';
import { postListQueries, routeKey } from '@client/lib/query-keys';
import {
  isAbortError,
  uploadErrorMessage,
  uploadWithProgress,
  type UploadProgress,
} from '@client/lib/upload-with-progress';
import { toast } from '@client/lib/use-toast';
import { levelsFromWaveform } from '../lib/edit-draft';
import { buildUploadForm, type PublishAudio, type PublishDetails } from '../lib/upload-form';

/** The server draft a recording session edits, and the recording the form holds as that draft's audio. */
export interface SessionDraft {
  id: string;
  /** The blob that is the draft's audio on the server: the form holding any other means the recording changed. */
  audio: Blob;
  /** Where the server serves that audio's original; undefined when not known (the audio is fetched again). */
  audioUrl: string | undefined;
  /** Saved by this session from a fresh take (so cancelling the form says it is kept in the drafts). */
  savedHere: boolean;
}

/** The draft's audio as the form shows it: the recording, its length and its levels (20 a second). */
export interface DraftAudio {
  blob: Blob;
  seconds: number;
  levels: number[] | null;
}

/**
 * Spec §2 Recorder view 6 from the publish form: the take is saved as a private draft (the diary recorder's
 * upload), the advanced editor opens on it, and what the editor leaves on the server comes back to the form.
 * `onAudio` puts a new recording in the form as its one segment.
 */
export function useSessionDraft(initial: SessionDraft | null, onAudio: (audio: DraftAudio) => void) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const [editorOpen, setEditorOpen] = useState(false);
  /** Saving the take before the editor opens, or fetching the audio the editor made. */
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);

  const run = async (work: () => Promise<void>) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      busyRef.current = false;
      setBusy(false);
      setProgress(null);
    }
  };

  /** Takes the draft's audio as the server now has it, unless the form holds it already. */
  const adopt = async (known: SessionDraft, post: Post) => {
    const url = originalAudioUrl(post);
    if (url === known.audioUrl) return;
    const blob = await fetchAudio(url);
    setDraft({ ...known, audio: blob, audioUrl: url });
    onAudio({ blob, seconds: post.duration, levels: levelsFromWaveform(post.waveformData, post.duration) });
  };

  const adoptOrSay = async (known: SessionDraft, post: Post | (() => Promise<Post>), said?: string) => {
    try {
      await adopt(known, typeof post === 'function' ? await post() : post);
      if (said) toast({ title: said });
    } catch (error) {
      console.warn('Could not load the edited draft', error);
      toast({
        variant: 'destructive',
        title: 'Error Loading Draft',
        description: 'Failed to load draft for editing',
      });
    }
  };

  return {
    draft,
    editorOpen,
    busy,
    progress,
    /**
     * Opens the editor on the draft; a take the server does not have yet is saved first (a new private draft, or
     * the draft's new audio), keeping the form's fields. True once the take was saved (its autosave is closed).
     */
    async open(
      take: { audio: PublishAudio; levels: number[] | null; changed: boolean },
      details: PublishDetails,
      sessionId: string | null,
    ): Promise<boolean> {
      if (draft && !take.changed) {
        setEditorOpen(true);
        return false;
      }
      let saved = false;
      await run(async () => {
        try {
          const post = draft
            ? await uploadWithProgress('editDraft', {
                body: buildUploadForm('diary', take.audio, details, {
                  kind: 'edit',
                  draftId: draft.id,
                  sessionId,
                }),
                onProgress: setProgress,
              })
            : await uploadWithProgress('createDiaryEntry', {
                body: buildUploadForm('diary', take.audio, details, { kind: 'new', sessionId }),
                onProgress: setProgress,
              });
          void queryClient.invalidateQueries(postListQueries);
          setDraft({
            id: post.id,
            audio: take.audio.blob,
            audioUrl: originalAudioUrl(post),
            savedHere: draft?.savedHere ?? true,
          });
          onAudio({ blob: take.audio.blob, seconds: post.duration, levels: take.levels });
          setEditorOpen(true);
          saved = true;
        } catch (error) {
          if (isAbortError(error)) return;
          toast({
            variant: 'destructive',
            title: 'Failed to save draft. Please try again.',
            description: uploadErrorMessage(error),
          });
        }
      });
      return saved;
    },
    /** Cancel in the editor: a Save Draft there may still have changed the draft's audio. */
    close() {
      setEditorOpen(false);
      if (!draft) return;
      void run(() =>
        adoptOrSay(draft, () =>
          queryClient.fetchQuery({
            queryKey: routeKey('getPost', { id: draft.id }),
            queryFn: () => apiRequest('getPost', { params: { id: draft.id } }),
            staleTime: 0,
          }),
        ),
      );
    },
    /** Apply: the edited draft, its audio rendered by the server, goes back to the form. */
    applied(post: Post) {
      setEditorOpen(false);
      if (!draft) return;
      void run(() => adoptOrSay(draft, post, 'Audio Edited Successfully!'));
    },
  };
}
