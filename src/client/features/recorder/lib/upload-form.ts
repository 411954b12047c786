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

/**
 * The multipart body of spec §3 "Voice post upload fields". Blank optional fields are left out so the server's
 * defaults apply ("Untitled Voice Post", "General"); diary entries are always private and carry no promotion;
 * `segment_count`/`total_duration` only when several takes were joined; `sessionId` closes the autosave session.
 */
export function buildUploadForm(
  mode: RecorderMode,
  audio: PublishAudio,
  details: PublishDetails,
  sessionId: string | null,
): FormData {
  const isDiary = mode === 'diary';
  const form = new FormData();
  const seconds = String(Math.round(audio.seconds * 10) / 10);
  const text = (name: string, value: string) => {
    const trimmed = value.trim();
    if (trimmed) form.append(name, trimmed);
  };
  text('title', details.title);
  text('category', details.category || (isDiary ? DIARY_CATEGORY : ''));
  text('transcription', details.description);
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
  if (sessionId) form.append('sessionId', sessionId);
  if (details.photo) form.append('photo', details.photo, details.photo.name);
  // The audio goes last, after the fields the server reads before streaming the file.
  form.append('audio', audio.blob, audio.fileName);
  return form;
}
