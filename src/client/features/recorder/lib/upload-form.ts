import { DEFAULT_CATEGORY, DIARY_CATEGORY, isWebLink } from '@shared/domain/posts';
import { toFormData, type MultipartFields, type UploadBody } from '@client/lib/multipart-form';

export type RecorderMode = 'share' | 'diary';
export type PublishType = 'post' | 'episode';

export interface PublishDetails {
  title: string;
  category: string;
  description: string;
  promotionTitle: string;
  promotionLink: string;
  isPrivate: boolean;
  type: PublishType;
  photo: File | null;
}

export interface PublishAudio {
  blob: Blob;
  fileName: string;
  /** Seconds the person recorded (the server measures its own). */
  seconds: number;
  /** How many takes were joined into `blob`. */
  segmentCount: number;
}

/** A promotion link without a scheme gets https://, as people type "example.com". */
export function normaliseLink(link: string): string {
  const trimmed = link.trim();
  if (!trimmed) return '';
  return /^[a-z][a-z\d+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

export const PROMOTION_LINK_PROBLEM = 'Enter a web address, like https://example.com/book.';

/**
 * Why the promotion link cannot be sent as typed (the server's rule, checked on the link as it will be sent), or
 * null: said at the field before any audio is uploaded.
 */
export function promotionLinkProblem(link: string): string | null {
  const sent = normaliseLink(link);
  return sent && !isWebLink(sent) ? PROMOTION_LINK_PROBLEM : null;
}

/** Where the upload goes: a new post or diary entry, or an edit of a draft. Either closes its autosave session. */
export type UploadTarget =
  { kind: 'new'; sessionId: string | null } | { kind: 'edit'; draftId: string; sessionId: string | null };

/**
 * The multipart body of spec §3 "Voice post upload fields". Blank optional fields are left out so the server's
 * defaults apply ("Untitled Voice Post", "General"); diary entries are always private and carry no promotion;
 * `segment_count`/`total_duration` only when several takes were joined; `sessionId` closes the autosave session.
 *
 * Editing a draft (spec §7 `PUT /api/diary`) sends `draftId` and updates the draft in place: title and
 * description are sent even when blank, since the server leaves a field it is not sent as it was, and clearing one
 * is a change. `audio` null sends the fields alone: the draft keeps its audio (and the advanced editor's history).
 * In the diary recorder the draft stays a draft and keeps its photo (none is sent); from the share recorder (a
 * take saved as a draft to open it in the editor) `isDiary` "false" publishes it, with the photo chosen if any.
 */
export function buildUploadForm(
  mode: RecorderMode,
  audio: PublishAudio,
  details: PublishDetails,
  target: { kind: 'new'; sessionId: string | null },
): UploadBody<'createPost'>;
export function buildUploadForm(
  mode: RecorderMode,
  audio: PublishAudio | null,
  details: PublishDetails,
  target: UploadTarget,
): UploadBody<'editDraft'>;
export function buildUploadForm(
  mode: RecorderMode,
  audio: PublishAudio | null,
  details: PublishDetails,
  target: UploadTarget,
): UploadBody<'createPost'> | UploadBody<'editDraft'> {
  const editing = target.kind === 'edit';
  const isDiary = mode === 'diary';
  const seconds = audio ? String(Math.round(audio.seconds * 10) / 10) : undefined;
  const text = (value: string, keepBlank = false) => {
    const trimmed = value.trim();
    return trimmed || keepBlank ? trimmed : undefined;
  };
  const flag = (value: boolean) => (value ? 'true' : 'false');
  const joined = (audio?.segmentCount ?? 0) > 1;
  // A draft published from the share recorder leaves the diary's category behind unless given another.
  const defaultCategory = isDiary ? DIARY_CATEGORY : editing ? DEFAULT_CATEGORY : '';
  const fields: MultipartFields<'createPost'> = {
    draftId: editing ? target.draftId : undefined,
    title: text(details.title, editing),
    category: text(details.category || defaultCategory),
    transcription: text(details.description, editing),
    duration: seconds,
    isPrivate: flag(isDiary || details.isPrivate),
    isDiary: flag(isDiary),
    type: details.type,
    affiliateLinkTitle: isDiary ? undefined : text(details.promotionTitle),
    affiliateLink: isDiary ? undefined : text(normaliseLink(details.promotionLink)),
    segment_count: joined ? String(audio?.segmentCount) : undefined,
    total_duration: joined ? seconds : undefined,
    sessionId: target.sessionId ?? undefined,
  };
  const recording = audio ? { blob: audio.blob, name: audio.fileName } : undefined;
  const photo = details.photo ? { blob: details.photo, name: details.photo.name } : undefined;
  // The diary recorder's edit keeps the draft's photo; the share recorder's may give the post one.
  if (editing)
    return toFormData('editDraft', fields, { photo: isDiary ? undefined : photo, audio: recording });
  if (!recording) throw new Error('A new post needs its recording.');
  return toFormData(mode === 'diary' ? 'createDiaryEntry' : 'createPost', fields, {
    photo,
    audio: recording,
  });
}
