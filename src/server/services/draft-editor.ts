import type { FastifyBaseLogger } from 'fastify';
import { buildPath, endpoints } from '@shared/contract/endpoints';
import { editOperationsSchema, type DraftEdit, type DraftTake } from '@shared/contract/drafts';
import type { Chapter, Post } from '@shared/contract/posts';
import { AUDIO_DURATION_LIMITS, durationInWords, tooLongMessage } from '@shared/domain/audio-limits';
import {
  EditListError,
  ORIGINAL_SOURCE,
  resolveEdits,
  timelineLength,
  type EditOperation,
} from '@shared/domain/edit-list';
import { chaptersAfterEdit, clampChapters } from '@shared/domain/edit-chapters';
import { MAX_AUDIO_BYTES } from '@shared/domain/posts';
import { authorize, notFound } from '../access/guard';
import { actorOf } from '../access/policy';
import { postResource } from '../access/resources';
import type { Db } from '../db/database';
import { deleteAudioAsset, findAudioAsset } from '../db/queries/audio-assets';
import {
  countDraftTakes,
  findDraftEdit,
  findDraftTakeAudioId,
  findEditOriginal,
  insertDraftTake,
  listDraftTakes,
  saveDraftEdit,
} from '../db/queries/draft-edits';
import { findPost, lockPost, replacePostAudio } from '../db/queries/posts';
import type { PostRow } from '../db/schema';
import { BadRequestError, ConflictError, UnprocessableError } from '../errors';
import { newId } from '../ids';
import type { ScratchFile } from '../storage/scratch-files';
import {
  distinctAssets,
  planEdit,
  readSpanMs,
  type AudioLibrary,
  type AudioStretch,
  type EditPlan,
  type StoredOriginal,
} from './audio-library';
import type { PostService } from './post-service';
import type { TranscriptTimes } from './transcript-times';
import { audioFileUrl, parseJsonArray } from './post-presenter';
import { stillADraft } from './draft-lock';
import { commitWithFiles } from './stored-files';

/** Takes stay until the draft is deleted or extended (undo may reach back past a save): this many at most. */
export const DRAFT_TAKES_MAX = 100;

/**
 * What one save's render may read. ffmpeg decodes each input from its start to the end of the last piece taken
 * from it, so a render costs the sum of those spans, not the length of the result: twice the longest a draft may be
 * covers any reasonable edit of a long recording. The files copied in are bounded too, and so is the number of
 * inputs (each an open file and a decoder; as for a conversation's post).
 */
const MAX_EDIT_READ_MS = 2 * AUDIO_DURATION_LIMITS.post.seconds * 1000;
const MAX_EDIT_SOURCE_BYTES = 3 * MAX_AUDIO_BYTES;
const MAX_EDIT_INPUTS = 200;

export const NOT_A_DRAFT_MESSAGE =
  'Only drafts can be edited in the advanced editor, and this post is already published.';
export const DRAFT_CHANGED_MESSAGE =
  'This draft changed while your edit was being saved (saved elsewhere, extended or deleted). Reload it and try again.';

export interface DraftEditor {
  /** What the advanced editor resumes from: the original, the takes and the saved operations. */
  get(userId: string | undefined, draftId: string): Promise<DraftEdit>;
  /** Refuses, before the upload is read, anyone who may not add a take to this draft. */
  checkTakeAllowed(userId: string | undefined, draftId: string): Promise<void>;
  /** A recording for the draft's editor, measured and stored as the owner's private audio. */
  addTake(userId: string, draftId: string, upload: ScratchFile | undefined): Promise<DraftTake>;
  /**
   * Renders the operations from the original and the takes, and makes the render the draft's audio with them
   * saved; anything failing leaves the draft as it was.
   */
  save(userId: string | undefined, draftId: string, operations: EditOperation[]): Promise<Post>;
  /** The detailed peaks of the original (`source` "original") or of a take (its id). */
  peaks(
    userId: string | undefined,
    draftId: string,
    source: string,
  ): Promise<{ peaksPerSecond: number; peaks: number[] }>;
}

const durationMs = (asset: Pick<StoredOriginal, 'duration'>) => Math.round(asset.duration * 1000);

export function createDraftEditor(deps: {
  db: Db;
  audio: AudioLibrary;
  posts: PostService;
  transcripts: Pick<TranscriptTimes, 'queue'>;
  log: FastifyBaseLogger;
}): DraftEditor {
  const { db, audio, posts, transcripts, log } = deps;

  /** The draft, if `userId` may change it: 404 as for nothing to anyone else; a published post is refused. */
  async function draftFor(database: Db, userId: string | undefined, draftId: string): Promise<PostRow> {
    const post = await findPost(database, draftId);
    if (!post) throw notFound('post');
    authorize(actorOf(userId), 'change', postResource(post));
    if (post.is_draft !== 1) throw new ConflictError(NOT_A_DRAFT_MESSAGE);
    return post;
  }

  /** The draft's sources in the editor: the original (its audio until the first save), and its takes. */
  async function sourcesOf(draft: PostRow) {
    const edit = await findDraftEdit(db, draft.id);
    const original = await findEditOriginal(db, edit?.original_asset_id ?? draft.audio_id);
    if (!original) throw notFound('post');
    const takes = (await listDraftTakes(db, draft.id)).map(({ take_id, audio_id, ...audio }) => ({
      takeId: take_id,
      asset: { id: audio_id, ...audio },
    }));
    return { edit, original, takes };
  }

  /** The saved operations; null (logged) for a stored list that no longer validates: the editor starts afresh. */
  function savedOperations(draftId: string, operationsJson: string): EditOperation[] | null {
    const parsed = editOperationsSchema.safeParse(parseJsonArray(operationsJson));
    if (parsed.success) return parsed.data;
    log.warn(
      { draftId, issues: parsed.error.issues },
      'saved edit operations no longer valid; starting afresh',
    );
    return null;
  }

  /** Refuses, before anything is copied in, a render that would read or copy more than a save may. */
  function checkRenderCost(plan: EditPlan): void {
    if (plan.reads.length > MAX_EDIT_INPUTS) {
      throw new UnprocessableError(
        `This edit uses its recordings in more than ${MAX_EDIT_INPUTS} places out of order, too many to put ` +
          'together at once. Insert fewer copies of the same recording.',
      );
    }
    if (readSpanMs(plan) > MAX_EDIT_READ_MS) {
      throw new UnprocessableError(
        `This edit would have to read more than ${durationInWords(MAX_EDIT_READ_MS / 1000)} of recordings to put ` +
          'together: a recording used again earlier than where it was last used is read again from its start. ' +
          'Insert copies of long recordings fewer times, or record the part you need again.',
      );
    }
    const bytes = distinctAssets(plan).reduce((sum, asset) => sum + asset.original_bytes, 0);
    if (bytes > MAX_EDIT_SOURCE_BYTES) {
      throw new UnprocessableError(
        `The recordings this edit uses are more than ${MAX_EDIT_SOURCE_BYTES / (1024 * 1024)} MB together, too ` +
          'much to put together at once. Use fewer of the recordings made in the editor.',
      );
    }
  }

  const peaksUrl = (draftId: string, source: string) =>
    buildPath(endpoints.getDraftSourcePeaks.path, { id: draftId, source });
  const audioOf = (draftId: string, source: string, asset: StoredOriginal) => ({
    durationMs: durationMs(asset),
    // The stored original, which renders are cut from: the same samples at the same times as the render uses.
    audioUrl: audioFileUrl(asset.id, asset.original_key),
    peaksUrl: peaksUrl(draftId, source),
  });

  /** Refuses anyone who may not add a take to this draft, and a draft with all the takes it may keep. */
  async function checkTakeAllowed(database: Db, userId: string | undefined, draftId: string): Promise<void> {
    const draft = await draftFor(database, userId, draftId);
    if ((await countDraftTakes(database, draft.id)) >= DRAFT_TAKES_MAX) {
      throw new ConflictError(
        `A draft can keep at most ${DRAFT_TAKES_MAX} recordings made in the editor. Publish or delete this draft, ` +
          'or record more in a new draft.',
      );
    }
  }

  return {
    async get(userId, draftId) {
      const draft = await draftFor(db, userId, draftId);
      const { edit, original, takes } = await sourcesOf(draft);
      return {
        original: audioOf(draft.id, ORIGINAL_SOURCE, original),
        takes: takes.map((take) => ({ id: take.takeId, ...audioOf(draft.id, take.takeId, take.asset) })),
        operations: (edit && savedOperations(draft.id, edit.operations_json)) ?? [],
        savedAt: edit?.saved_at ?? null,
      };
    },

    checkTakeAllowed: (userId, draftId) => checkTakeAllowed(db, userId, draftId),

    async addTake(userId, draftId, upload) {
      if (!upload) throw new BadRequestError('Attach the recording as a file field named "audio".');
      // Checked before the upload was read (the route's guard), and again under the lock below.
      // A take longer than a draft may be could never be inserted anywhere.
      // Only its owner gets this far: the take is theirs, and private as their drafts are.
      const prepared = await audio.prepare(upload, userId, true, AUDIO_DURATION_LIMITS.post);
      const takeId = newId();
      await commitWithFiles(db, [prepared], async (trx) => {
        // Under the draft's lock: a deletion meanwhile either takes this take with it or comes first (then 404).
        await lockPost(trx, draftId);
        await checkTakeAllowed(trx, userId, draftId);
        // The editor plays a take's original: it needs no rendition.
        await audio.insert(trx, prepared, { withRendition: false });
        await insertDraftTake(trx, {
          id: takeId,
          post_id: draftId,
          audio_id: prepared.row.id,
          created_at: prepared.row.created_at,
        });
      });
      return { id: takeId, ...audioOf(draftId, takeId, prepared.row) };
    },

    async save(userId, draftId, operations) {
      const draft = await draftFor(db, userId, draftId);
      const { edit, original, takes } = await sourcesOf(draft);
      const takeById = new Map(takes.map((take) => [take.takeId, take.asset]));
      // Judged against the lengths the server measured, never the client's.
      const takeMs = new Map(takes.map((take) => [take.takeId, durationMs(take.asset)]));
      let segments;
      try {
        segments = resolveEdits(durationMs(original), takeMs, operations);
      } catch (error) {
        if (error instanceof EditListError) throw new BadRequestError(error.message);
        throw error;
      }
      const limit = AUDIO_DURATION_LIMITS.post;
      if (timelineLength(segments) > limit.seconds * 1000) {
        throw new UnprocessableError(
          `${tooLongMessage(limit)} This edit would make the draft longer than that.`,
        );
      }
      const stretches = segments.map((segment): AudioStretch => ({
        asset: segment.source === ORIGINAL_SOURCE ? original : takeById.get(segment.source)!,
        fromMs: segment.from,
        toMs: segment.to,
      }));
      const plan = planEdit(stretches);
      checkRenderCost(plan);
      const render = await audio.prepareEdited(plan, draft.user_id, true, limit);
      const previous = draft.audio_id;
      // The audio the draft had is deleted unless it is the original or a take, which the edit keeps.
      const previousIsKept = previous === original.id || takes.some((take) => take.asset.id === previous);
      const savedBefore = edit ? savedOperations(draft.id, edit.operations_json) : [];
      const now = new Date().toISOString();
      await commitWithFiles(db, [render], async (trx) => {
        // Under the draft's lock: a draft published meanwhile keeps the audio it was published with (409), and the
        // chapters are those it has now, one changed while this rendered included.
        await lockPost(trx, draft.id);
        const current = await stillADraft(trx, draft.id);
        await audio.insert(trx, render);
        // The chapters follow the audio: they were placed on the render of the operations saved last. Of a saved
        // list that no longer validates, where that render came from is unknown: they only stay within the audio.
        const currentChapters = parseJsonArray<Chapter>(current.chapters_json);
        const chapters = savedBefore
          ? chaptersAfterEdit(currentChapters, savedBefore, operations, takeMs, render.row.duration)
          : clampChapters(currentChapters, render.row.duration);
        // Only over the audio this render was planned from: a save, extend or deletion meanwhile wins.
        const changes = { audio_id: render.row.id, chapters_json: JSON.stringify(chapters), updated_at: now };
        if (!(await replacePostAudio(trx, draft.id, previous, changes))) {
          throw new ConflictError(DRAFT_CHANGED_MESSAGE);
        }
        await saveDraftEdit(trx, {
          post_id: draft.id,
          original_asset_id: original.id,
          operations_json: JSON.stringify(operations),
          saved_at: now,
        });
        if (!previousIsKept) await deleteAudioAsset(trx, previous);
        await transcripts.queue(trx, draft.id, current.transcription);
      });
      if (!previousIsKept) await audio.deleteFiles({ id: previous });
      return posts.get(userId, draft.id);
    },

    async peaks(userId, draftId, source) {
      const draft = await draftFor(db, userId, draftId);
      const assetId =
        source === ORIGINAL_SOURCE
          ? ((await findDraftEdit(db, draft.id))?.original_asset_id ?? draft.audio_id)
          : await findDraftTakeAudioId(db, draft.id, source);
      const asset = assetId && (await findAudioAsset(db, assetId));
      if (!asset) throw notFound('audio');
      return { peaksPerSecond: asset.peaks_per_second, peaks: parseJsonArray<number>(asset.peaks_json) };
    },
  };
}
