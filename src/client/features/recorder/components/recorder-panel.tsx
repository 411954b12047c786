import { ArrowLeft, Loader2, Mic, MicOff, NotebookPen, Podcast, Upload, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { isRecordingSupported } from '@client/lib/audio/recording-support';
import type { EditDraft } from '@client/lib/pending-edit-draft';
import { toast } from '@client/lib/use-toast';
import { cn } from '@client/lib/utils';
import { DIARY_CATEGORY, TITLE_MAX_LENGTH } from '@shared/domain/posts';
import { checkAudioFile, titleFromFileName } from '../lib/audio-file';
import { detailsFromDraft } from '../lib/edit-draft';
import type { PublishDetails, PublishType } from '../lib/upload-form';
import type { SessionEnd, SessionSource } from './recorder-session';

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
   * straight into the save form with the draft's audio and fields, says "Draft Loaded for Editing!", and calls
   * `onEditDraftOpened` so the caller can let go of it. Saving then updates that draft instead of creating one.
   */
  editDraft?: EditDraft | null;
  onEditDraftOpened?: (draft: EditDraft) => void;
  className?: string;
}

const loadSession = () => import('./recorder-session');
const RecorderSession = lazy(() => loadSession().then((module) => ({ default: module.RecorderSession })));

type View = 'collapsed' | 'expanded' | 'choosing' | 'session';

interface ActiveSession {
  /** Tells sessions apart, so a new one never inherits the state of the one it replaces. */
  key: number;
  source: SessionSource;
  details: PublishDetails;
}

/**
 * Spec §2 Recorder: a prompt row that expands to a title, the type chooser (Voice Post, Pods, Upload), then the
 * recording session (countdown, live take, publish form), which loads on demand.
 */
export function RecorderPanel({
  mode,
  allowTypeSelection = false,
  initialTitle = '',
  initialType = 'post',
  startToken,
  editDraft,
  onEditDraftOpened,
  className,
}: RecorderPanelProps) {
  const [supported] = useState(isRecordingSupported);
  const [view, setView] = useState<View>('collapsed');
  const [title, setTitle] = useState(initialTitle);
  const [session, setSession] = useState<ActiveSession | null>(null);
  const titleInputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const promptRef = useRef<HTMLButtonElement>(null);
  const chooserRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<'title' | 'prompt' | 'chooser' | null>(null);
  const [handledToken, setHandledToken] = useState<number | undefined>(0);
  const [scrollRequest, setScrollRequest] = useState<{ count: number; block: ScrollLogicalPosition }>({
    count: 0,
    block: 'center',
  });
  const id = useId();
  const isDiary = mode === 'diary';
  const showChooser = allowTypeSelection && !isDiary;

  const openSession = (source: SessionSource, details: PublishDetails) => {
    setSession((previous) => ({ key: (previous?.key ?? 0) + 1, source, details }));
    setView('session');
  };
  const newDetails = (sessionTitle: string, type: PublishType): PublishDetails => ({
    title: sessionTitle.trim(),
    category: isDiary ? DIARY_CATEGORY : '',
    description: '',
    promotionTitle: '',
    promotionLink: '',
    isPrivate: isDiary,
    type,
    photo: null,
  });

  const startRecording = (type: PublishType) => openSession({ kind: 'record' }, newDetails(title, type));

  // A topic chosen elsewhere (the `topic` query, an AI idea) preselects the title.
  const [seenInitialTitle, setSeenInitialTitle] = useState(initialTitle);
  if (initialTitle !== seenInitialTitle) {
    setSeenInitialTitle(initialTitle);
    if (view !== 'session') {
      setTitle(initialTitle);
      if (view === 'collapsed' && initialTitle.trim()) setView('expanded');
    }
  }

  // An outside request to record (an AI suggestion, the topic query) skips straight to the countdown. A live
  // session is never interrupted.
  if (startToken !== undefined && startToken !== handledToken) {
    setHandledToken(startToken);
    if (view !== 'session' && supported) {
      setTitle(initialTitle);
      openSession({ kind: 'record' }, newDetails(initialTitle, initialType));
      setScrollRequest(({ count }) => ({ count: count + 1, block: 'center' }));
    }
  }

  // A draft handed over for editing opens in the save form, its audio the first segment (spec §4). It needs no
  // microphone unless the person records more.
  const [openedDraft, setOpenedDraft] = useState<EditDraft | null>(null);
  if (isDiary && editDraft && editDraft !== openedDraft) {
    setOpenedDraft(editDraft);
    setTitle(editDraft.title);
    openSession({ kind: 'draft', draft: editDraft }, detailsFromDraft(editDraft));
    setScrollRequest(({ count }) => ({ count: count + 1, block: 'start' }));
  }
  const onEditDraftOpenedRef = useRef(onEditDraftOpened);
  useEffect(() => {
    onEditDraftOpenedRef.current = onEditDraftOpened;
  });
  useEffect(() => {
    if (!openedDraft) return;
    toast({ title: 'Draft Loaded for Editing!' });
    onEditDraftOpenedRef.current?.(openedDraft);
  }, [openedDraft]);

  useEffect(() => {
    if (scrollRequest.count === 0) return;
    // A frame later, so a scroll the page makes as it opens (to the top, on navigation) does not cancel it.
    const frame = requestAnimationFrame(() =>
      rootRef.current?.scrollIntoView({ behavior: 'smooth', block: scrollRequest.block }),
    );
    return () => cancelAnimationFrame(frame);
  }, [scrollRequest]);

  const expand = () => {
    void loadSession();
    pendingFocus.current = 'title';
    setView('expanded');
  };

  // Keep keyboard focus inside the recorder as its views replace each other (only after the person acted).
  useEffect(() => {
    const target = pendingFocus.current;
    pendingFocus.current = null;
    if (target === 'title') titleInputRef.current?.focus();
    if (target === 'prompt') promptRef.current?.focus();
    if (target === 'chooser') chooserRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [view]);

  const canStart = title.trim().length > 0;
  const onStart = () => {
    if (!canStart) return;
    pendingFocus.current = 'chooser';
    if (showChooser) setView('choosing');
    else startRecording(isDiary ? 'post' : initialType);
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkAudioFile(file);
    if (problem) {
      toast({ variant: 'destructive', ...problem });
      return;
    }
    const fileTitle = titleFromFileName(file.name);
    setTitle(fileTitle);
    toast({ title: 'Audio Uploaded Successfully!', description: 'Add a few details, then publish it.' });
    openSession({ kind: 'file', file }, newDetails(fileTitle, 'post'));
  };

  const onSessionEnd = (how: SessionEnd) => {
    // Whatever happens to an edit, the panel goes back to its prompt: the draft is saved, or stays as it was.
    const done = how === 'published' || session?.source.kind === 'draft';
    setSession(null);
    pendingFocus.current = done ? 'prompt' : 'title';
    if (done) {
      setTitle('');
      setView('collapsed');
    } else {
      setView('expanded');
    }
  };

  const prompt = isDiary ? 'Record voice draft' : 'Share your voice';
  const Icon = isDiary ? NotebookPen : Mic;

  if (!supported && view !== 'session') {
    return (
      <section
        ref={rootRef}
        aria-label={isDiary ? 'Voice draft recorder' : 'Recorder'}
        className={cn('rounded-2xl bg-secondary/60 p-4', className)}
      >
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
      aria-label={isDiary ? 'Voice draft recorder' : 'Recorder'}
      className={cn('@container scroll-mt-24 text-card-foreground', className)}
    >
      {view === 'collapsed' && (
        <button
          ref={promptRef}
          type="button"
          onClick={expand}
          onPointerEnter={() => void loadSession()}
          aria-expanded="false"
          className="group flex w-full cursor-pointer items-center gap-3 @xs:gap-4 rounded-2xl border border-transparent bg-secondary/60 p-3 pr-4 text-left transition-colors hover:border-border hover:bg-secondary sm:p-4"
        >
          <PromptIcon icon={<Icon className="size-5" aria-hidden="true" />} />
          <span className="min-w-0 flex-1">
            <span className="block font-semibold">{prompt}</span>
            <span className="block truncate text-sm text-muted-foreground">
              {isDiary
                ? 'A private note in your own voice'
                : allowTypeSelection
                  ? 'Record a voice post or a pod, or upload audio'
                  : 'Say what is on your mind'}
            </span>
          </span>
          <span
            aria-hidden="true"
            className="hidden h-9 items-center rounded-full bg-primary px-4 text-sm font-semibold text-primary-foreground shadow-soft transition-transform group-hover:scale-[1.03] @sm:inline-flex"
          >
            Record
          </span>
        </button>
      )}

      {view === 'expanded' && (
        <div className="space-y-4 rounded-2xl border bg-background/60 p-3 sm:p-4">
          <div className="flex items-center gap-3 @xs:gap-4">
            <PromptIcon icon={<Icon className="size-5" aria-hidden="true" />} />
            <p id={`${id}-prompt`} className="min-w-0 flex-1 font-semibold">
              {prompt}
            </p>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Close recorder"
              onClick={() => {
                pendingFocus.current = 'prompt';
                setView('collapsed');
              }}
            >
              <X aria-hidden="true" />
            </Button>
          </div>
          <form
            className="flex flex-col gap-3 @md:flex-row"
            onSubmit={(event) => {
              event.preventDefault();
              onStart();
            }}
          >
            <label htmlFor={`${id}-title`} className="sr-only">
              Title
            </label>
            <Input
              ref={titleInputRef}
              id={`${id}-title`}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              placeholder={isDiary ? 'Name this entry, e.g. Tuesday thoughts' : 'Give it a title first…'}
              maxLength={TITLE_MAX_LENGTH}
              autoComplete="off"
              enterKeyHint="go"
              aria-describedby={`${id}-prompt`}
              className="@md:flex-1"
            />
            <Button type="submit" disabled={!canStart}>
              <Mic aria-hidden="true" />
              Start Recording
            </Button>
          </form>
        </div>
      )}

      {view === 'choosing' && (
        <div className="space-y-4">
          <div className="flex items-center gap-3">
            <Button
              variant="ghost"
              size="icon"
              aria-label="Back to the title"
              onClick={() => {
                pendingFocus.current = 'title';
                setView('expanded');
              }}
            >
              <ArrowLeft aria-hidden="true" />
            </Button>
            <div className="min-w-0">
              <h3 className="font-semibold">What are you making?</h3>
              <p className="truncate text-sm text-muted-foreground">“{title.trim()}”</p>
            </div>
          </div>
          <div ref={chooserRef} className="grid gap-3 @lg:grid-cols-3">
            <ChoiceTile
              icon={<Mic className="size-6" aria-hidden="true" />}
              label="Voice Post"
              hint="A quick thought, in a minute or two"
              onClick={() => startRecording('post')}
            />
            <ChoiceTile
              icon={<Podcast className="size-6" aria-hidden="true" />}
              label="Pods"
              hint="A longer, podcast-style episode"
              onClick={() => startRecording('episode')}
            />
            <ChoiceTile
              icon={<Upload className="size-6" aria-hidden="true" />}
              label="Upload"
              hint="An audio file you already have"
              onClick={() => fileInputRef.current?.click()}
            />
          </div>
          <input
            ref={fileInputRef}
            type="file"
            accept="audio/*"
            aria-label="Audio file to upload"
            className="hidden"
            onChange={onFile}
          />
        </div>
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
              showTypeChoice={allowTypeSelection && !isDiary}
              onEnd={onSessionEnd}
            />
          </Suspense>
        </div>
      )}
    </section>
  );
}

function PromptIcon({ icon }: { icon: ReactNode }) {
  return (
    <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary text-primary-foreground shadow-soft @xs:size-12 @xs:rounded-2xl">
      {icon}
    </span>
  );
}

function ChoiceTile({
  icon,
  label,
  hint,
  onClick,
}: {
  icon: ReactNode;
  label: string;
  hint: string;
  onClick: () => void;
}) {
  const hintId = useId();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-describedby={hintId}
      className="group flex cursor-pointer items-center gap-4 rounded-2xl border bg-background/60 p-4 text-left transition-[background-color,border-color,transform] hover:border-primary/40 hover:bg-accent active:scale-[0.99] @lg:flex-col @lg:items-start @lg:gap-3"
    >
      <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-accent text-accent-foreground transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
        {icon}
      </span>
      <span className="min-w-0">
        <span className="block font-semibold">{label}</span>
        <span id={hintId} className="block text-sm text-muted-foreground">
          {hint}
        </span>
      </span>
    </button>
  );
}
