import type { Post } from '@shared/contract/posts';
import { Loader2, Mic, MicOff, NotebookPen } from 'lucide-react';
import { lazy, Suspense, useEffect, useReducer, useRef, useState, type ChangeEvent } from 'react';
import { isRecordingSupported } from '@client/lib/audio/recording-support';
import type { EditDraft } from '@client/lib/pending-edit-draft';
import { toast } from '@client/lib/use-toast';
import { cn } from '@client/lib/utils';
import { checkAudioFile, titleFromFileName } from '../lib/audio-file';
import {
  hasNewRequest,
  initialPanelState,
  panelReducer,
  sessionDone,
  type OutsideRequests,
  type SessionEnd,
} from '../lib/recorder-panel-state';
import type { EditorSlot } from '../lib/editor-slot';
import { RecorderPrompt } from './recorder-prompt';
import { RecorderTitleStep } from './recorder-title-step';
import { RecorderTypeChooser } from './recorder-type-chooser';

export interface RecorderPanelProps {
  mode: 'share' | 'diary';
  allowTypeSelection?: boolean;
  initialTitle?: string;
  initialType?: 'post' | 'episode';
  /**
   * When it changes, the panel opens straight into recording with initialTitle/initialType (AI suggestions, the
   * `topic` query). A value other than undefined or 0 present at mount starts too.
   */
  startToken?: number;
  /**
   * Diary mode: a saved draft to edit (spec §4 "Editing a draft"). When a new one arrives the panel opens
   * straight into the save form with the draft's audio and fields, says "Draft Loaded for Editing!" (or the draft's
   * own announcement), and calls
   * `onEditDraftOpened` so the caller can let go of it. Saving then updates that draft instead of creating one.
   */
  editDraft?: EditDraft | null;
  onEditDraftOpened?: (draft: EditDraft) => void;
  /** An audio file shared from another app: opens as an upload would, then `onSharedFileOpened` lets it go. */
  sharedFile?: File | null;
  onSharedFileOpened?: () => void;
  /** A recording session ended: published, cancelled, or failed. */
  onSessionEnd?: (how: SessionEnd) => void;
  /** The post or draft a session saved. */
  onSaved?: (post: Post) => void;
  /** The advanced editor, offered in the publish form as "Open in editor" (spec §2 Recorder view 6). */
  editor?: EditorSlot;
  className?: string;
}

const loadSession = () => import('./recorder-session');
const RecorderSession = lazy(() => loadSession().then((module) => ({ default: module.RecorderSession })));

/**
 * Spec §2 Recorder: a prompt row that expands to a title, the type chooser (Voice Post, Pods, Upload), then the
 * recording session (countdown, live take, publish form), which loads on demand. Its state is one reducer
 * (recorder-panel-state); the page's requests arrive as props, which outlive the panel's lazy loading.
 */
export function RecorderPanel({
  mode,
  allowTypeSelection = false,
  initialTitle = '',
  initialType = 'post',
  startToken,
  editDraft,
  onEditDraftOpened,
  sharedFile,
  onSharedFileOpened,
  onSessionEnd,
  onSaved,
  editor,
  className,
}: RecorderPanelProps) {
  const [supported] = useState(isRecordingSupported);
  const isDiary = mode === 'diary';
  const showChooser = allowTypeSelection && !isDiary;
  const [state, dispatch] = useReducer(panelReducer, { isDiary, initialTitle }, initialPanelState);
  const { view, title, session } = state;
  const titleInputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLElement>(null);
  const promptRef = useRef<HTMLButtonElement>(null);
  const chooserRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<'title' | 'prompt' | 'chooser' | null>(null);

  const requests: OutsideRequests = { initialTitle, initialType, startToken, editDraft, supported };
  if (hasNewRequest(state, requests)) dispatch({ type: 'outside', ...requests });

  // Recording is the screen's main action: the session's code (and the recorder hooks and dialogs it brings, which
  // the first screen no longer loads) is fetched once the panel is up, ahead of the first press.
  useEffect(() => {
    const timer = setTimeout(() => void loadSession(), 0);
    return () => clearTimeout(timer);
  }, []);

  const onEditDraftOpenedRef = useRef(onEditDraftOpened);
  useEffect(() => {
    onEditDraftOpenedRef.current = onEditDraftOpened;
  });
  useEffect(() => {
    if (!state.openedDraft) return;
    toast({ title: state.openedDraft.announcement ?? 'Draft Loaded for Editing!' });
    onEditDraftOpenedRef.current?.(state.openedDraft);
  }, [state.openedDraft]);

  useEffect(() => {
    if (state.scroll.count === 0) return;
    // A frame later, so a scroll the page makes as it opens (to the top, on navigation) does not cancel it.
    const frame = requestAnimationFrame(() =>
      rootRef.current?.scrollIntoView({ behavior: 'smooth', block: state.scroll.block }),
    );
    return () => cancelAnimationFrame(frame);
  }, [state.scroll]);

  // Keep keyboard focus inside the recorder as its views replace each other (only after the person acted).
  useEffect(() => {
    const target = pendingFocus.current;
    pendingFocus.current = null;
    if (target === 'title') titleInputRef.current?.focus();
    if (target === 'prompt') promptRef.current?.focus();
    if (target === 'chooser') chooserRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [view]);

  const moveTo = (focus: 'title' | 'prompt' | 'chooser', action: Parameters<typeof dispatch>[0]) => {
    pendingFocus.current = focus;
    dispatch(action);
  };

  const openFile = async (file: File) => {
    const problem = await checkAudioFile(file);
    if (problem) {
      toast({ variant: 'destructive', ...problem });
      return;
    }
    toast({ title: 'Audio Uploaded Successfully!', description: 'Add a few details, then publish it.' });
    dispatch({ type: 'fileChosen', file, title: titleFromFileName(file.name) });
  };
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void openFile(file);
  };

  const openFileRef = useRef(openFile);
  const onSharedFileOpenedRef = useRef(onSharedFileOpened);
  useEffect(() => {
    openFileRef.current = openFile;
    onSharedFileOpenedRef.current = onSharedFileOpened;
  });
  useEffect(() => {
    if (!sharedFile) return;
    void openFileRef.current(sharedFile);
    onSharedFileOpenedRef.current?.();
    rootRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [sharedFile]);

  const prompt = isDiary ? 'Record voice draft' : 'Share your voice';
  const Icon = isDiary ? NotebookPen : Mic;
  const label = isDiary ? 'Voice draft recorder' : 'Recorder';

  if (!supported && view !== 'session') {
    return (
      <section ref={rootRef} aria-label={label} className={cn('rounded-2xl bg-secondary/60 p-4', className)}>
        <div className="flex items-center gap-4">
          <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-secondary text-muted-foreground">
            <MicOff className="size-5" aria-hidden="true" />
          </span>
          <p className="text-sm font-medium">Audio recording is not supported in this browser</p>
        </div>
      </section>
    );
  }

  return (
    <section
      ref={rootRef}
      aria-label={label}
      className={cn('@container scroll-mt-24 text-card-foreground', className)}
    >
      {view === 'collapsed' && (
        <RecorderPrompt
          ref={promptRef}
          icon={<Icon className="size-5" aria-hidden="true" />}
          prompt={prompt}
          hint={
            isDiary
              ? 'A private note in your own voice'
              : allowTypeSelection
                ? 'Record a voice post or a pod, or upload audio'
                : 'Say what is on your mind'
          }
          onExpand={() => {
            void loadSession();
            moveTo('title', { type: 'expand' });
          }}
          onIntent={() => void loadSession()}
        />
      )}

      {view === 'expanded' && (
        <RecorderTitleStep
          inputRef={titleInputRef}
          icon={<Icon className="size-5" aria-hidden="true" />}
          prompt={prompt}
          placeholder={isDiary ? 'Name this entry, e.g. Tuesday thoughts' : 'Give it a title first…'}
          title={title}
          onTitleChange={(next) => dispatch({ type: 'titleChanged', title: next })}
          onClose={() => moveTo('prompt', { type: 'collapse' })}
          onStart={() =>
            moveTo(
              'chooser',
              showChooser ? { type: 'choose' } : { type: 'record', postType: isDiary ? 'post' : initialType },
            )
          }
        />
      )}

      {view === 'choosing' && (
        <RecorderTypeChooser
          tilesRef={chooserRef}
          title={title}
          onBack={() => moveTo('title', { type: 'expand' })}
          onRecord={(postType) => dispatch({ type: 'record', postType })}
          onFile={onFile}
        />
      )}

      {view === 'session' && session && (
        <div>
          <Suspense
            fallback={
              <div className="flex h-48 items-center justify-center text-muted-foreground">
                <Loader2 className="size-6 animate-spin" aria-hidden="true" />
                <span className="sr-only">Loading the recorder…</span>
              </div>
            }
          >
            <RecorderSession
              key={session.key}
              mode={mode}
              source={session.source}
              initialDetails={session.details}
              showTypeChoice={showChooser}
              onSaved={onSaved}
              editor={editor}
              onEnd={(how) => {
                moveTo(sessionDone(session, how) ? 'prompt' : 'title', { type: 'sessionEnded', how });
                onSessionEnd?.(how);
              }}
            />
          </Suspense>
        </div>
      )}
    </section>
  );
}
