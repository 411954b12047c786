import { AUDIO_DURATION_LIMITS } from '@shared/domain/audio-limits';
import { TRANSCRIPTION_MAX_LENGTH } from '@shared/domain/posts';
import type { Db } from '../db/database';
import { findAudioAsset } from '../db/queries/audio-assets';
import { findPost } from '../db/queries/posts';
import {
  deletePartsOf,
  leavePublishRequestsIn,
  findConversationPost,
  partsOf,
  postsCarryingVoiceOf,
  renumberParts,
} from '../db/queries/publish-requests';
import type { ConversationPostPartRow } from '../db/schema';
import type { JobOutcome } from '../jobs/catalogue';
import type { JobQueue } from '../jobs/job-queue';
import { planEdit, type AudioLibrary, type AudioStretch, type StoredOriginal } from './audio-library';
import type { PostService } from './post-service';

/**
 * Inside the transaction of `userId` leaving `conversationId` (or, without it, deleting their account): their parts
 * leave the posts others made of it, each post re-rendered without them by a job; and they are asked no more.
 */
export async function takeBackVoice(
  trx: Db,
  jobs: JobQueue,
  userId: string,
  conversationId?: string,
): Promise<void> {
  if (conversationId !== undefined) await leavePublishRequestsIn(trx, conversationId, userId);
  const postIds = await postsCarryingVoiceOf(trx, userId, conversationId);
  await deletePartsOf(trx, userId, postIds);
  for (const postId of postIds) {
    await jobs.enqueue('posts.retake-conversation-voices', { postId }, { db: trx });
  }
}

/** The remaining parts as stretches of the post's audio, neighbours that still touch read as one. */
function keptStretches(asset: StoredOriginal, parts: ConversationPostPartRow[]): AudioStretch[] {
  const endOfAudioMs = Math.round(asset.duration * 1000);
  const stretches: AudioStretch[] = [];
  for (const part of parts) {
    const fromMs = Math.min(part.start_ms, endOfAudioMs);
    const toMs = Math.min(part.end_ms, endOfAudioMs);
    if (toMs <= fromMs) continue;
    const last = stretches.at(-1);
    if (last && last.toMs === fromMs) last.toMs = toMs;
    else stretches.push({ asset, fromMs, toMs });
  }
  return stretches;
}

/** Where each remaining part lies in the new audio: one after another, as rendered. */
function renumbered(parts: ConversationPostPartRow[]) {
  let startMs = 0;
  return parts.map((part) => {
    const moved = {
      position: part.position,
      start_ms: startMs,
      end_ms: startMs + part.end_ms - part.start_ms,
    };
    startMs = moved.end_ms;
    return moved;
  });
}

/**
 * Job handler: a conversation's post re-rendered from its own audio with only the parts it still carries, its
 * transcription theirs; a post left with none goes. Idempotent: a post whose audio holds what it carries is left.
 */
export function createVoiceRetake(deps: { db: Db; audio: AudioLibrary; posts: PostService }) {
  const { db, audio, posts } = deps;
  return async function retakeConversationVoices(postId: string): Promise<JobOutcome> {
    const post = await findPost(db, postId);
    const record = await findConversationPost(db, postId);
    if (!post || !record) return 'skipped';
    const parts = await partsOf(db, postId);
    if (parts.length === record.rendered_parts) return 'skipped';
    const asset = await findAudioAsset(db, post.audio_id);
    const stretches = asset ? keptStretches(asset, parts) : [];
    if (stretches.length === 0) {
      await posts.delete(post.user_id, post.id);
      return 'done';
    }
    const prepared = await audio.prepareEdited(
      planEdit(stretches),
      post.user_id,
      post.is_private === 1,
      AUDIO_DURATION_LIMITS.post,
    );
    const transcription = parts
      .flatMap((part) => (part.transcription ? [part.transcription] : []))
      .join('\n\n')
      .slice(0, TRANSCRIPTION_MAX_LENGTH);
    await posts.retakeAudio(
      post,
      prepared,
      { transcription: transcription || null, transcription_source: null },
      (trx) => renumberParts(trx, post.id, renumbered(parts)),
    );
    return 'done';
  };
}
