import type { Post } from '@shared/contract/posts';
import type { Comment } from '@shared/contract/social';
import type { PublicUser } from '@shared/contract/users';
import { publicUserWith } from '@shared/domain/public-user';
import { displayName } from '@shared/domain/display-name';
import { recordingFileName } from '@client/lib/audio/recording-support';
import { toFormData, type UploadBody } from '@client/lib/multipart-form';
import type { PlayablePost } from '@client/lib/playable-post';

/** Spec §9 comment count. The spec's wording is kept for every number, one included. */
export function repliesLabel(count: number): string {
  return `(${count} replies)`;
}

export interface VisitorIdentity {
  name: string;
  email: string;
}

/**
 * Spec §5: pressing Post while signed out with the name or the e-mail blank reveals the "Tell us who you are"
 * form and stops. The e-mail is effectively required by this check although it is labelled optional (the
 * server itself takes a comment without one).
 */
export function visitorDetailsMissing(identity: VisitorIdentity): boolean {
  return identity.name.trim() === '' || identity.email.trim() === '';
}

/** A light check before sending; the server has the last word ("Enter a valid e-mail address…"). */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

export interface CommentUpload {
  postId: string;
  blob: Blob;
  seconds: number;
  mimeType: string;
  /** Only when signed out (spec §7: visitorName and visitorEmail only then). */
  visitor?: VisitorIdentity | undefined;
  /** Seconds into the post this reply answers (issue 29). */
  at?: number | null;
}

/** Spec §7 POST /api/comments: audio (comment.webm), postId, duration; visitor fields only when signed out. */
export function buildCommentForm({
  postId,
  blob,
  seconds,
  mimeType,
  visitor,
  at,
}: CommentUpload): UploadBody<'createComment'> {
  return toFormData(
    'createComment',
    {
      postId,
      duration: String(Math.max(0, Math.round(seconds * 10) / 10)),
      visitorName: visitor?.name.trim(),
      visitorEmail: visitor?.email.trim() || undefined,
      at: at == null ? undefined : String(at),
    },
    { audio: { blob, name: recordingFileName('comment', mimeType || blob.type) } },
  );
}

/** The signed-in author's display name, or the visitor's own name. */
export function commentAuthorName(comment: Pick<Comment, 'user' | 'visitorName'>): string {
  if (comment.user) return displayName(comment.user);
  return comment.visitorName?.trim() || 'Visitor';
}

/** The comment's author and the post's owner may delete it (server rule, mirrored to show the button). */
export function canDeleteComment(
  comment: Pick<Comment, 'user'>,
  post: Pick<Post, 'userId'>,
  viewerId: string | null | undefined,
): boolean {
  if (!viewerId) return false;
  return comment.user?.id === viewerId || post.userId === viewerId;
}

function visitorAsUser(comment: Comment, name: string): PublicUser {
  return publicUserWith({ id: `visitor:${comment.id}`, username: name, createdAt: comment.createdAt });
}

/** A comment as the player's `post` prop: titled after its author, with the server's waveform and no peaks file. */
export function commentAsPlayable(comment: Comment): PlayablePost {
  const name = commentAuthorName(comment);
  return {
    id: `comment:${comment.id}`,
    title: `Voice reply from ${name}`,
    duration: comment.duration,
    audioUrl: comment.audioUrl,
    audioSources: comment.audioSources,
    waveformData: comment.waveformData,
    speech: comment.speech,
    peaksUrl: '',
    imageUrl: null,
    transcription: comment.transcription,
    chapters: [],
    user: comment.user ?? visitorAsUser(comment, name),
  };
}
