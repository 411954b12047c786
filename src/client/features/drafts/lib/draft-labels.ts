import type { Post } from '@shared/contract/posts';
import { DEFAULT_POST_TITLE } from '@shared/domain/posts';
import { originalAudioUrl } from '@client/lib/audio/fetch-audio';
import type { EditDraft } from '@client/lib/pending-edit-draft';

export const UNTITLED_DRAFT = 'Untitled Draft';

/**
 * The title a person gave the draft, or '' when they gave none. The server stores the default "Untitled Voice
 * Post" for an entry saved without a title, which is no title of theirs.
 */
export function ownDraftTitle(draft: Pick<Post, 'title'>): string {
  const title = draft.title.trim();
  return title === DEFAULT_POST_TITLE ? '' : title;
}

/** Spec §2 Drafts: the title, or "Untitled Draft". */
export function draftTitle(draft: Pick<Post, 'title'>): string {
  return ownDraftTitle(draft) || UNTITLED_DRAFT;
}

const createdFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** When the draft was made: "Mar 4, 2026, 9:15 PM". */
export function draftCreatedLabel(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? '' : createdFormat.format(date);
}

/** Spec §3 "Draft handed to the recorder for editing", from a listed draft and its audio. */
export function editDraftFrom(draft: Post, audioBlob: Blob): EditDraft {
  return {
    id: draft.id,
    audioBlob,
    audioUrl: originalAudioUrl(draft),
    duration: draft.duration,
    title: ownDraftTitle(draft),
    transcription: draft.transcription ?? '',
    category: draft.category,
    affiliateLink: draft.affiliateLink ?? '',
    affiliateLinkTitle: draft.affiliateLinkTitle ?? '',
    waveform: draft.waveformData,
  };
}
