import { ImagePlus, Loader2, Mic, Podcast, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Progress } from '@client/components/ui/progress';
import { Switch } from '@client/components/ui/switch';
import { Textarea } from '@client/components/ui/textarea';
import type { UploadProgress } from '@client/lib/upload-with-progress';
import { useObjectUrl } from '@client/lib/use-object-url';
import { toast } from '@client/lib/use-toast';
import { cn } from '@client/lib/utils';
import { DEFAULT_CATEGORY, DEFAULT_POST_TITLE, TITLE_MAX_LENGTH } from '@shared/domain/posts';
import { checkPhotoFile } from '../lib/audio-file';
import { formatBytes, formatClock } from '../lib/format';
import type { PublishDetails, PublishType, RecorderMode } from '../lib/upload-form';
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onSubmit();
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
          {editingDraft
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
          {onRecordMore && (
            <Button type="button" variant="ghost" size="sm" onClick={onRecordMore} disabled={pending}>
              <Mic aria-hidden="true" />
              Record another segment
            </Button>
          )}
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
            maxLength={60}
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

      {/* An edit keeps the draft's photo: the server changes only the audio and the text fields. */}
      {!editingDraft && (
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
              id={`${id}-promotion-link`}
              type="url"
              inputMode="url"
              placeholder="https://"
              autoComplete="url"
              {...text('promotionLink')}
            />
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

      {pending && <UploadStatus progress={progress} />}

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

function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
    </div>
  );
}

function TypeOption({
  name,
  value,
  checked,
  onSelect,
  icon,
  label,
  hint,
}: {
  name: string;
  value: PublishType;
  checked: boolean;
  onSelect: (value: PublishType) => void;
  icon: ReactNode;
  label: string;
  hint: string;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-2xl border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
        checked ? 'border-primary bg-accent text-accent-foreground' : 'bg-card hover:bg-secondary',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onSelect(value)}
        className="sr-only"
      />
      <span
        className={cn(
          'hidden size-9 shrink-0 place-items-center rounded-xl @sm:grid',
          checked ? 'bg-primary text-primary-foreground' : 'bg-secondary text-foreground',
        )}
      >
        {icon}
      </span>
      <span className="min-w-0">
        <span className="block text-sm font-semibold">{label}</span>
        <span className="hidden text-xs text-muted-foreground @sm:block">{hint}</span>
      </span>
    </label>
  );
}

function PhotoField({
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
            <span className="block text-xs text-muted-foreground">Square images look best · up to 10 MB</span>
          </span>
        </button>
      )}
    </div>
  );
}

function UploadStatus({ progress }: { progress: UploadProgress | null }) {
  const sent = progress && progress.total > 0 ? (progress.loaded / progress.total) * 100 : 0;
  const processing = progress !== null && progress.loaded >= progress.total;
  const label = processing ? 'Processing audio…' : 'Uploading…';
  return (
    <div className="space-y-2" aria-live="polite">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium">{label}</span>
        {progress && !processing && (
          <span className="text-xs text-muted-foreground tabular-nums">
            {formatBytes(progress.loaded)} of {formatBytes(progress.total)} · {Math.round(sent)}%
          </span>
        )}
      </div>
      <Progress
        aria-label="Upload progress"
        value={processing || !progress ? null : sent}
        valueText={processing ? 'Processing' : `${Math.round(sent)} percent uploaded`}
      />
    </div>
  );
}
