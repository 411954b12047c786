import { DIARY_CATEGORY } from '@shared/domain/posts';

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

/** Where the upload goes: a new post or diary entry, or an edit of a draft. Either closes its autosave session. */
export type UploadTarget =
  { kind: 'new'; sessionId: string | null } | { kind: 'edit'; draftId: string; sessionId: string | null };

/**
 * The multipart body of spec §3 "Voice post upload fields". Blank optional fields are left out so the server's
 * defaults apply ("Untitled Voice Post", "General"); diary entries are always private and carry no promotion;
 * `segment_count`/`total_duration` only when several takes were joined; `sessionId` closes the autosave session.
 *
 * Editing a draft (spec §7 `PUT /api/diary`) sends `draftId` and `isDiary` "true" and replaces the draft's audio
 * and fields: title and description are sent even when blank, since the server leaves a field it is not sent as
 * it was, and clearing one is a change. The server keeps the draft's photo, so none is sent.
 */
export function buildUploadForm(
  mode: RecorderMode,
  audio: PublishAudio,
  details: PublishDetails,
  target: UploadTarget,
): FormData {
  const editing = target.kind === 'edit';
  const isDiary = mode === 'diary' || editing;
  const form = new FormData();
  const seconds = String(Math.round(audio.seconds * 10) / 10);
  const text = (name: string, value: string, keepBlank = false) => {
    const trimmed = value.trim();
    if (trimmed || keepBlank) form.append(name, trimmed);
  };
  if (editing) form.append('draftId', target.draftId);
  text('title', details.title, editing);
  text('category', details.category || (isDiary ? DIARY_CATEGORY : ''));
  text('transcription', details.description, editing);
  form.append('duration', seconds);
  form.append('isPrivate', String(isDiary || details.isPrivate));
  form.append('isDiary', String(isDiary));
  form.append('type', details.type);
  if (!isDiary) {
    text('affiliateLinkTitle', details.promotionTitle);
    text('affiliateLink', normaliseLink(details.promotionLink));
  }
  if (audio.segmentCount > 1) {
    form.append('segment_count', String(audio.segmentCount));
    form.append('total_duration', seconds);
  }
  if (target.sessionId) form.append('sessionId', target.sessionId);
  if (!editing && details.photo) form.append('photo', details.photo, details.photo.name);
  // The audio goes last, after the fields the server reads before streaming the file.
  form.append('audio', audio.blob, audio.fileName);
  return form;
}
