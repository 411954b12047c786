import type { AudioDurationLimit } from '@shared/domain/audio-limits';
import { stat } from 'node:fs/promises';
import type { Db } from '../db/database';
import { findAudioAsset, insertAudioAsset, setRendition } from '../db/queries/audio-assets';
import type { AudioAssetRow } from '../db/schema';
import type { JobOutcome } from '../jobs/catalogue';
import type { JobQueue } from '../jobs/job-queue';
import { readHead, sniffAudioFormat, type AudioFormat } from '../media/file-formats';
import type { AnalysedAudio, AudioInput, Ffmpeg, JoinPiece } from '../media/ffmpeg';
import {
  AudioTooLongError,
  DecodeTimedOutError,
  MissingMediaError,
  NotAudioError,
  operatorReason,
  StoredAudioError,
} from '../media/media-errors';
import { playableContainerFor } from '../media/playable-container';
import type { SpeechRanges } from '../media/speech-ranges';
import { dropRepeatedFragmentHeaders } from '../media/repeated-fragment-headers';
import { limitedSpeechGainDb, SPEECH_LIMIT_DB } from '../media/speech-loudness';
import {
  decodeSpeechMeasurements,
  encodeSpeechMeasurements,
  type SpeechMeasurements,
} from '../media/speech-limiter';
import { BlobNotFoundError, deletePrefix, readBlob, type BlobStore } from '../storage/blob-store';
import type { ScratchFile, ScratchFiles } from '../storage/scratch-files';
import { ServiceUnavailableError } from '../errors';
import { newId } from '../ids';
import type { PreparedFile } from './stored-files';

const JOINED_FORMAT: AudioFormat = { demuxer: 'matroska', mime: 'audio/webm', extension: 'webm' };
const RENDITION_MIME = 'audio/mp4';

/**
 * A render may take 10 s plus 1 s per 30 s of audio: of CPU time for a background render (a 4-hour post gets
 * 490 s), of the clock for an edit someone waits on. Renders measured 130 to 200 times faster than the audio plays
 * on one core, so a runaway encode of a short clip is stopped in seconds. On the clock a busy machine failed every
 * attempt of a 10-minute post's render (each ran past its 30 s); in CPU time it only waits longer, and a render that
 * hangs is stopped by the media timeout.
 */
const RENDER_BUDGET_BASE_MS = 10_000;
const RENDER_BUDGET_MS_PER_AUDIO_SECOND = 1000 / 30;

function renderBudgetMs(durationSeconds: number): number {
  return Math.round(RENDER_BUDGET_BASE_MS + durationSeconds * RENDER_BUDGET_MS_PER_AUDIO_SECOND);
}

/** Audio measured and stored, not yet in the database: insert it in the caller's transaction, or forget it. */
export interface PreparedAudio extends PreparedFile {
  row: AudioAssetRow;
}

/** What reading a stored asset's original needs. */
export type StoredOriginal = Pick<
  AudioAssetRow,
  'id' | 'original_key' | 'original_mime' | 'original_bytes' | 'duration'
>;

/** Milliseconds `fromMs` to `toMs` of a stored asset's audio. */
export interface AudioStretch {
  asset: StoredOriginal;
  fromMs: number;
  toMs: number;
}

/** How an edit's render reads its stretches: each input a stored original read from its start to `endMs`. */
export interface EditPlan {
  reads: Array<{ asset: StoredOriginal; endMs: number }>;
  pieces: JoinPiece[];
}

/**
 * ffmpeg reads each input once from start to end: a stretch that goes back in its recording (a take used twice)
 * gets an input of its own rather than have the whole take held in memory.
 */
export function planEdit(stretches: AudioStretch[]): EditPlan {
  const reads: EditPlan['reads'] = [];
  const pieces = stretches.map((stretch, at): JoinPiece => {
    const { asset, fromMs, toMs } = stretch;
    let input = reads.findIndex((read) => read.asset.id === asset.id && read.endMs <= fromMs);
    if (input < 0) input = reads.push({ asset, endMs: 0 }) - 1;
    reads[input]!.endMs = toMs;
    const toSourceEnd = toMs >= Math.round(asset.duration * 1000);
    return {
      input,
      fromMs,
      toMs,
      fadeIn: at > 0 || fromMs > 0,
      fadeOut: at < stretches.length - 1 || !toSourceEnd,
      toSourceEnd,
    };
  });
  return { reads, pieces };
}

/** The audio an edit's render decodes, which is what it costs: every input from its start to its last piece's end. */
export const readSpanMs = (plan: EditPlan) => plan.reads.reduce((sum, read) => sum + read.endMs, 0);

/** The originals an edit's render copies in, each once. */
export const distinctAssets = (plan: EditPlan) => [
  ...new Map(plan.reads.map((read) => [read.asset.id, read.asset])).values(),
];

export interface AudioLibrary {
  /**
   * Identifies the upload by content, measures it in one decode pass and files it under a generated key; audio
   * longer than `limit` is refused with 422.
   */
  prepare(
    upload: ScratchFile,
    ownerId: string,
    isPrivate: boolean,
    limit: AudioDurationLimit,
  ): Promise<PreparedAudio>;
  /**
   * The existing audio with `upload` appended, re-measured, as a new asset (media URLs never change content);
   * `limit` applies to the joined whole.
   */
  prepareJoined(
    existing: AudioAssetRow,
    upload: ScratchFile,
    ownerId: string,
    isPrivate: boolean,
    limit: AudioDurationLimit,
  ): Promise<PreparedAudio>;
  /**
   * Stored assets joined end to end in their order, in one ffmpeg pass from local copies of their originals, as a
   * new asset measured as a whole; `limit` applies to the joined whole.
   */
  prepareJoinedAssets(
    assets: AudioAssetRow[],
    ownerId: string,
    isPrivate: boolean,
    limit: AudioDurationLimit,
  ): Promise<PreparedAudio>;
  /**
   * An edit's stretches (planned by `planEdit`) joined in their order in one ffmpeg pass from local copies of their
   * originals, each cut by sample and faded where it was cut, as a new asset measured as a whole; `limit` applies to
   * the whole. Stored audio that is missing or no longer decodes is our fault, never the person's: a 500 that says
   * so; a render that runs out of time, a 503.
   */
  prepareEdited(
    plan: EditPlan,
    ownerId: string,
    isPrivate: boolean,
    limit: AudioDurationLimit,
  ): Promise<PreparedAudio>;
  /**
   * Adds the asset in the caller's transaction, with the job that renders its speech rendition unless
   * `withRendition` is false (audio only ever played from its original, as the editor's takes are).
   */
  insert(db: Db, prepared: PreparedAudio, options?: { withRendition: boolean }): Promise<void>;
  /** Every stored object of an asset whose row is already gone. */
  deleteFiles(asset: Pick<AudioAssetRow, 'id'>): Promise<void>;
  /**
   * Where the speech is in a stored asset, decoded again from its original in the renders' lane (for recordings
   * stored before speech was measured). Missing or undecodable audio is an operator's problem, thrown as such.
   */
  measureSpeech(asset: AudioAssetRow): Promise<SpeechRanges>;
  /** Job handler: the AAC rendition, loudness-normalised for speech. Idempotent. */
  renderSpeech(assetId: string, signal?: AbortSignal): Promise<JobOutcome>;
  /**
   * Runs `use` on a local copy of the asset's original. An original missing from storage is our loss, never the
   * fault of whoever is uploading now: a MissingMediaError that names the object.
   */
  withOriginal<T>(asset: StoredOriginal, use: (original: AudioInput) => Promise<T>): Promise<T>;
}

const extensionOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);
/** Every object of an asset is under this prefix. */
export const assetPrefix = (assetId: string) => `audio/${assetId}/`;
/** What the analysis measured for the rendition job; deleted once the rendition exists. */
const measurementsKey = (assetId: string) => `${assetPrefix(assetId)}measurements.bin`;

export function formatOfStored(asset: Pick<AudioAssetRow, 'original_key' | 'original_mime'>): AudioFormat {
  const extension = extensionOf(asset.original_key);
  return { demuxer: demuxerFor(asset.original_mime), mime: asset.original_mime, extension };
}

function demuxerFor(mime: string): AudioFormat['demuxer'] {
  const byMime: Record<string, AudioFormat['demuxer']> = {
    'audio/webm': 'matroska',
    'audio/x-matroska': 'matroska',
    'audio/mp4': 'mov',
    'audio/wav': 'wav',
    'audio/ogg': 'ogg',
    'audio/flac': 'flac',
    'audio/mpeg': 'mp3',
    'audio/aac': 'aac',
  };
  const demuxer = byMime[mime];
  if (!demuxer) throw new Error(`no demuxer for stored type ${mime}`);
  return demuxer;
}

const MISSING_ORIGINAL_MESSAGE =
  'Your earlier recording could not be found, so the new one could not be added to it. The problem is on our ' +
  'side, not with your new recording.';
const MISSING_EDIT_SOURCE_MESSAGE =
  'Part of this draft’s audio could not be found, so your edit could not be saved. The problem is on our side, ' +
  'not with your recordings; the draft is as it was.';
const EDIT_RENDER_BUSY_MESSAGE =
  'Your edit is taking too long to put together right now. The draft is as it was; please try again later.';
const EDIT_RENDER_FAILED_MESSAGE =
  'Your edit could not be put together because of a problem on our side, not with your recordings. The draft ' +
  'is as it was; please try again later.';

/** The upload's format, from its first bytes; an MP4 with a fragment header written twice loses the spare copy. */
async function sniffUpload(upload: ScratchFile, scratch: ScratchFiles): Promise<AudioInput> {
  const format = sniffAudioFormat(await readHead(upload.path));
  if (!format) throw new NotAudioError();
  if (format.mime === 'audio/mp4')
    await dropRepeatedFragmentHeaders(upload.path, () => scratch.newPath('m4a'));
  return { file: upload.path, format };
}

export function createAudioLibrary(deps: {
  blobs: BlobStore;
  scratch: ScratchFiles;
  ffmpeg: Ffmpeg;
  db: Db;
  jobs: JobQueue;
}): AudioLibrary {
  const { blobs, scratch, ffmpeg, db, jobs } = deps;

  async function deleteFiles(asset: Pick<AudioAssetRow, 'id'>): Promise<void> {
    await deletePrefix(blobs, assetPrefix(asset.id));
  }

  /** Moves `file` (a scratch file) in as a new asset's original, with the measurements the rendition needs. */
  async function store(
    file: string,
    bytes: number,
    format: AudioFormat,
    analysis: AnalysedAudio,
    ownerId: string,
    isPrivate: boolean,
  ): Promise<PreparedAudio> {
    const id = newId();
    const key = `${assetPrefix(id)}original.${format.extension}`;
    const measurements = encodeSpeechMeasurements({
      peaks: analysis.levels,
      loudnessSteps: analysis.loudnessSteps,
    });
    try {
      await blobs.put(measurementsKey(id), measurements, { contentType: 'application/octet-stream' });
      await blobs.putFile(key, file, { contentType: format.mime });
    } catch (error) {
      await deleteFiles({ id });
      throw error;
    }
    return {
      row: {
        id,
        owner_id: ownerId,
        is_private: isPrivate ? 1 : 0,
        original_key: key,
        original_mime: format.mime,
        original_bytes: bytes,
        rendition_key: null,
        rendition_mime: null,
        rendition_bytes: null,
        duration: Math.round(analysis.durationSeconds * 1000) / 1000,
        waveform_json: JSON.stringify(analysis.waveform),
        peaks_json: JSON.stringify(analysis.peaks),
        peaks_per_second: analysis.peaksPerSecond,
        loudness_lufs: analysis.loudnessLufs,
        speech_json: JSON.stringify(analysis.speech),
        created_at: new Date().toISOString(),
      },
      forget: () => deleteFiles({ id }),
    };
  }

  /** AudioLibrary.withOriginal, with what the person is told when the original is missing. */
  async function withOriginal<T>(
    asset: StoredOriginal,
    use: (original: AudioInput) => Promise<T>,
    missingMessage = MISSING_ORIGINAL_MESSAGE,
  ): Promise<T> {
    const key = asset.original_key;
    try {
      return await scratch.withLocalCopy(blobs, key, extensionOf(key), (file) =>
        use({ file, format: formatOfStored(asset) }),
      );
    } catch (error) {
      if (!(error instanceof BlobNotFoundError) || error.key !== key) throw error;
      throw new MissingMediaError(missingMessage, `the original audio ${key} is missing from storage`, {
        cause: error,
      });
    }
  }

  /** The upload's measurements, or when they are gone (audio stored before they were kept), measured again. */
  async function measurementsOf(asset: AudioAssetRow, original: AudioInput): Promise<SpeechMeasurements> {
    try {
      return decodeSpeechMeasurements(await readBlob(blobs, measurementsKey(asset.id)));
    } catch (error) {
      if (!(error instanceof BlobNotFoundError)) throw error;
      const analysis = await ffmpeg.analyse([original], {
        forRender: { cpuBudgetMs: renderBudgetMs(asset.duration) },
      });
      return { peaks: analysis.levels, loudnessSteps: analysis.loudnessSteps };
    }
  }

  /** `use` on local copies of every asset's original, in order, all removed once it settles. */
  async function withOriginals<T>(
    assets: StoredOriginal[],
    use: (originals: AudioInput[]) => Promise<T>,
    missingMessage?: string,
    copied: AudioInput[] = [],
  ): Promise<T> {
    const [next, ...rest] = assets;
    if (!next) return use(copied);
    return withOriginal(
      next,
      (original) => withOriginals(rest, use, missingMessage, [...copied, original]),
      missingMessage,
    );
  }

  /** Stores the file that `analyse` writes (a scratch file in `format`) as the original; nothing is left on failure. */
  async function storeWritten(
    format: AudioFormat,
    analyse: (output: string) => Promise<AnalysedAudio>,
    ownerId: string,
    isPrivate: boolean,
  ): Promise<PreparedAudio> {
    const output = await scratch.newPath(format.extension);
    try {
      const analysis = await analyse(output);
      const { size } = await stat(output);
      return await store(output, size, format, analysis, ownerId, isPrivate);
    } catch (error) {
      await scratch.discard(output);
      throw error;
    }
  }

  function joinInto(
    inputs: AudioInput[],
    ownerId: string,
    isPrivate: boolean,
    limit: AudioDurationLimit,
    edit?: { pieces: JoinPiece[]; timeoutMs: number },
  ): Promise<PreparedAudio> {
    const analyse = (output: string) => ffmpeg.analyse(inputs, { joinedOutput: output, limit, ...edit });
    return storeWritten(JOINED_FORMAT, analyse, ownerId, isPrivate);
  }

  return {
    async prepare(upload, ownerId, isPrivate, limit) {
      const input = await sniffUpload(upload, scratch);
      const playable = await playableContainerFor(input);
      if (playable) {
        // Copied into a container every browser reads right, in the same pass that measures it.
        const analyse = (file: string) =>
          ffmpeg.analyse([input], { limit, remuxedOutput: { file, format: playable } });
        return storeWritten(playable, analyse, ownerId, isPrivate);
      }
      const analysis = await ffmpeg.analyse([input], { limit });
      return store(upload.path, upload.bytes, input.format, analysis, ownerId, isPrivate);
    },

    async prepareJoined(existing, upload, ownerId, isPrivate, limit) {
      const addition = await sniffUpload(upload, scratch);
      return withOriginal(existing, (current) => joinInto([current, addition], ownerId, isPrivate, limit));
    },

    prepareJoinedAssets(assets, ownerId, isPrivate, limit) {
      return withOriginals(assets, (originals) => joinInto(originals, ownerId, isPrivate, limit));
    },

    async prepareEdited(plan, ownerId, isPrivate, limit) {
      const assets = distinctAssets(plan);
      const timeoutMs = renderBudgetMs(readSpanMs(plan) / 1000);
      try {
        return await withOriginals(
          assets,
          (copies) => {
            const copyOf = new Map(assets.map((asset, index) => [asset.id, copies[index]!]));
            const inputs = plan.reads.map((read) => copyOf.get(read.asset.id)!);
            return joinInto(inputs, ownerId, isPrivate, limit, { pieces: plan.pieces, timeoutMs });
          },
          MISSING_EDIT_SOURCE_MESSAGE,
        );
      } catch (error) {
        if (error instanceof DecodeTimedOutError) {
          throw new ServiceUnavailableError(EDIT_RENDER_BUSY_MESSAGE, { cause: error });
        }
        if (error instanceof NotAudioError && !(error instanceof AudioTooLongError)) {
          throw new StoredAudioError(EDIT_RENDER_FAILED_MESSAGE, operatorReason(error), { cause: error });
        }
        throw error;
      }
    },

    async insert(database, prepared, options = { withRendition: true }) {
      const assetId = prepared.row.id;
      await insertAudioAsset(database, prepared.row);
      if (!options.withRendition) return;
      await jobs.enqueue(
        'media.render-speech',
        { assetId },
        { uniqueKey: `render:${assetId}`, db: database },
      );
    },

    deleteFiles,
    withOriginal,

    async measureSpeech(asset) {
      const analysis = await withOriginal(asset, (original) =>
        ffmpeg.analyse([original], { forRender: { cpuBudgetMs: renderBudgetMs(asset.duration) } }),
      );
      return analysis.speech;
    },

    async renderSpeech(assetId, signal) {
      const asset = await findAudioAsset(db, assetId);
      if (!asset || asset.rendition_key) return 'skipped';
      const output = await scratch.newPath('m4a');
      const key = `${assetPrefix(asset.id)}speech.m4a`;
      let bytes: number;
      try {
        await withOriginal(asset, async (original) => {
          const measured = await measurementsOf(asset, original);
          await ffmpeg.renderSpeech(original, {
            output,
            gainDb: limitedSpeechGainDb(measured, SPEECH_LIMIT_DB),
            limitDb: SPEECH_LIMIT_DB,
            peaks: measured.peaks,
            cpuBudgetMs: renderBudgetMs(asset.duration),
            ...(signal && { signal }),
          });
        });
        bytes = (await stat(output)).size;
        await blobs.putFile(key, output, { contentType: RENDITION_MIME });
      } catch (error) {
        await scratch.discard(output);
        if (signal?.aborted) throw error;
        // The job's last error is for an operator: what ffmpeg said, not the message meant for the uploader.
        throw new Error(`rendition of audio ${asset.id} failed: ${operatorReason(error)}`, { cause: error });
      }
      // The post may have been deleted while we encoded: then the rendition has no row to belong to.
      if (!(await setRendition(db, asset.id, { key, mime: RENDITION_MIME, bytes }))) {
        await blobs.delete(key);
        return 'skipped';
      }
      await blobs.delete(measurementsKey(asset.id));
      return 'done';
    },
  };
}
