import { Loader2, Mic, Podcast, SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type Ref } from 'react';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Switch } from '@client/components/ui/switch';
import { Textarea } from '@client/components/ui/textarea';
import { UploadStatus } from '@client/components/upload-status';
import type { UploadProgress } from '@client/lib/upload-with-progress';
import {
  CATEGORY_MAX_LENGTH,
  DEFAULT_CATEGORY,
  DEFAULT_POST_TITLE,
  LINK_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from '@shared/domain/posts';
import { formatBytes } from '@client/lib/format';
import { formatClock } from '@client/lib/format';
import { promotionLinkProblem, type PublishDetails, type RecorderMode } from '../lib/upload-form';
import { PhotoField } from './photo-field';
import { Field, TypeOption } from './publish-fields';
import { RecordingPreview } from './recording-preview';

const CATEGORY_SUGGESTIONS = [
  'General',
  'Stories',
  'Music',
  'Comedy',
  'Education',
  'News',
  'Tech',
  'Sports',
  'Wellness',
  'Business',
  'Personal',
];

interface PublishFormProps {
  mode: RecorderMode;
  /** Offer Voice Post / Pod (share mode with type selection). */
  showTypeChoice: boolean;
  details: PublishDetails;
  onDetailsChange: (details: PublishDetails) => void;
  preview: { blob: Blob | null; seconds: number; levels: readonly number[] | null; preparing: boolean };
  segmentCount: number;
  /** An uploaded file (instead of a recording): named under the preview. */
  file?: { name: string; size: number };
  /** Saving edits a draft in place (spec §4 "Editing a draft"); its first segment is the saved audio. */
  editingDraft?: boolean;
  /** Undefined hides "Record another segment" (an uploaded file). */
  onRecordMore?: () => void;
  /** Spec §2 Recorder view 6: the advanced editor on this recording; undefined hides "Open in editor". */
  onOpenEditor?: () => void;
  /** "Open in editor", which gets keyboard focus back when the editor closes. */
  editorButtonRef?: Ref<HTMLButtonElement>;
  pending: boolean;
  progress: UploadProgress | null;
  onSubmit: () => void;
  onCancel: () => void;
}

/** Spec §2 Publish form: heading, Cancel and Publish/Save, the optional fields and the private toggle. */
export function PublishForm({
  mode,
  showTypeChoice,
  details,
  onDetailsChange,
  preview,
  segmentCount,
  file,
  editingDraft = false,
  onRecordMore,
  onOpenEditor,
  editorButtonRef,
  pending,
  progress,
  onSubmit,
  onCancel,
}: PublishFormProps) {
  const id = useId();
  const isDiary = mode === 'diary';
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The stop button is gone: move focus (and the view) to the form's heading.
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, []);
  const set = <K extends keyof PublishDetails>(key: K, value: PublishDetails[K]) =>
    onDetailsChange({ ...details, [key]: value });
  const text = (key: 'title' | 'category' | 'description' | 'promotionTitle' | 'promotionLink') => ({
    value: details[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, event.target.value),
    disabled: pending,
  });

  // Checked before anything is sent, and said at its field once the person tried to send it.
  const linkProblem = isDiary ? null : promotionLinkProblem(details.promotionLink);
  const [linkTried, setLinkTried] = useState(false);
  const linkRef = useRef<HTMLInputElement>(null);
  const shownLinkProblem = linkTried ? linkProblem : null;
  const fieldsReady = () => {
    if (!linkProblem) return true;
    setLinkTried(true);
    linkRef.current?.focus();
    return false;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending && fieldsReady()) onSubmit();
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby={`${id}-heading`}
      className="@container flex flex-col gap-6"
      noValidate
    >
      <header className="space-y-1">
        <h3
          ref={headingRef}
          id={`${id}-heading`}
          tabIndex={-1}
          className="text-xl font-semibold tracking-tight outline-none"
        >
          {isDiary ? 'Save Voice Diary Entry' : 'Publish Voice Post'}
        </h3>
        <p className="text-sm text-muted-foreground">
          {editingDraft && !isDiary
            ? 'It’s saved in your drafts while you work on it. Publish shares it; Cancel keeps it in your drafts.'
            : editingDraft
              ? 'You’re editing a saved draft. Record another segment to add to its end, or change its details.'
              : isDiary
                ? 'Only you can hear your voice drafts. Add a few details if you like.'
                : 'Listen back, add a few details, then share it. Every field is optional.'}
        </p>
      </header>

      <div className="space-y-2">
        <RecordingPreview
          blob={preview.blob}
          seconds={preview.seconds}
          levels={preview.levels}
          preparing={preview.preparing}
        />
        <div className="flex flex-wrap items-center justify-between gap-2 pl-1">
          <p className="min-w-0 truncate text-xs font-medium text-muted-foreground">
            {segmentCount > 1
              ? `${segmentCount} segments · ${formatClock(Math.round(preview.seconds))} in total`
              : file
                ? `${file.name} · ${formatBytes(file.size)}`
                : editingDraft
                  ? `Saved draft · ${formatClock(Math.round(preview.seconds))}`
                  : `${formatClock(Math.round(preview.seconds))} recorded`}
          </p>
          <div className="flex flex-wrap gap-1">
            {onOpenEditor && (
              <Button
                ref={editorButtonRef}
                type="button"
                variant="ghost"
                size="sm"
                title="Trim, cut and insert recordings in the advanced editor"
                // Not disabled while saving, so keyboard focus stays on it.
                aria-disabled={pending || preview.preparing}
                onClick={() => !pending && !preview.preparing && fieldsReady() && onOpenEditor()}
                className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
              >
                <SlidersHorizontal aria-hidden="true" />
                Open in editor
              </Button>
            )}
            {onRecordMore && (
              <Button type="button" variant="ghost" size="sm" onClick={onRecordMore} disabled={pending}>
                <Mic aria-hidden="true" />
                Record another segment
              </Button>
            )}
          </div>
        </div>
      </div>

      {showTypeChoice && (
        <fieldset className="space-y-2" disabled={pending}>
          <legend className="mb-2 text-sm font-medium">Publish as</legend>
          <div className="grid grid-cols-2 gap-2">
            <TypeOption
              name={`${id}-type`}
              value="post"
              checked={details.type === 'post'}
              onSelect={(value) => set('type', value)}
              icon={<Mic aria-hidden="true" className="size-5" />}
              label="Voice Post"
              hint="A short thought"
            />
            <TypeOption
              name={`${id}-type`}
              value="episode"
              checked={details.type === 'episode'}
              onSelect={(value) => set('type', value)}
              icon={<Podcast aria-hidden="true" className="size-5" />}
              label="Pod"
              hint="A longer episode"
            />
          </div>
        </fieldset>
      )}

      <div className="grid gap-5 @lg:grid-cols-2">
        <Field label="Title" htmlFor={`${id}-title`}>
          <Input
            id={`${id}-title`}
            placeholder={DEFAULT_POST_TITLE}
            maxLength={TITLE_MAX_LENGTH}
            autoComplete="off"
            {...text('title')}
          />
        </Field>
        <Field label="Category" htmlFor={`${id}-category`}>
          <Input
            id={`${id}-category`}
            placeholder={DEFAULT_CATEGORY}
            list={`${id}-categories`}
            maxLength={CATEGORY_MAX_LENGTH}
            autoComplete="off"
            {...text('category')}
          />
          <datalist id={`${id}-categories`}>
            {CATEGORY_SUGGESTIONS.map((category) => (
              <option key={category} value={category} />
            ))}
          </datalist>
        </Field>
      </div>

      <Field label="Description" htmlFor={`${id}-description`}>
        <Textarea
          id={`${id}-description`}
          placeholder={
            isDiary ? 'A note to your future self…' : 'What is it about? Links, credits, a transcript…'
          }
          rows={3}
          {...text('description')}
        />
      </Field>

      {/* A voice draft's edit keeps its photo; a draft published from here may get one. */}
      {!(editingDraft && isDiary) && (
        <PhotoField
          id={`${id}-photo`}
          photo={details.photo}
          disabled={pending}
          onChange={(photo) => set('photo', photo)}
        />
      )}

      {!isDiary && (
        <div className="grid gap-5 @lg:grid-cols-2">
          <Field label="Promotion Title" htmlFor={`${id}-promotion-title`}>
            <Input
              id={`${id}-promotion-title`}
              placeholder="e.g. Get my new book"
              maxLength={TITLE_MAX_LENGTH}
              autoComplete="off"
              {...text('promotionTitle')}
            />
          </Field>
          <Field label="Promotion Link" htmlFor={`${id}-promotion-link`}>
            <Input
              ref={linkRef}
              id={`${id}-promotion-link`}
              type="url"
              inputMode="url"
              placeholder="https://"
              autoComplete="url"
              maxLength={LINK_MAX_LENGTH}
              aria-invalid={shownLinkProblem ? true : undefined}
              aria-describedby={shownLinkProblem ? `${id}-promotion-link-error` : undefined}
              {...text('promotionLink')}
            />
            {shownLinkProblem && (
              <p
                id={`${id}-promotion-link-error`}
                className="text-sm font-medium text-destructive dark:text-red-400"
              >
                {shownLinkProblem}
              </p>
            )}
          </Field>
        </div>
      )}

      <div className="flex items-center justify-between gap-4 rounded-2xl border bg-background/60 px-4 py-3">
        <div className="min-w-0">
          <Label htmlFor={`${id}-private`}>Private</Label>
          <p id={`${id}-private-hint`} className="mt-1 text-xs text-muted-foreground">
            {isDiary ? 'Voice drafts are always private.' : 'Only you can listen to it.'}
          </p>
        </div>
        <Switch
          id={`${id}-private`}
          checked={isDiary || details.isPrivate}
          onCheckedChange={(checked) => set('isPrivate', checked)}
          disabled={isDiary || pending}
          aria-describedby={`${id}-private-hint`}
        />
      </div>

      {pending && <UploadStatus progress={progress} showPercent />}

      <div className="flex flex-col-reverse gap-2 border-t pt-5 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending || preview.preparing} className="sm:min-w-36">
          {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {pending ? (isDiary ? 'Saving...' : 'Publishing...') : isDiary ? 'Save' : 'Publish'}
        </Button>
      </div>
    </form>
  );
}
