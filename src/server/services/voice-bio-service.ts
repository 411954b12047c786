import { AUDIO_DURATION_LIMITS } from '@shared/domain/audio-limits';
import type { VoiceBio } from '@shared/contract/voice-bio';
import { authorize } from '../access/guard';
import { requirePerson } from '../access/people';
import { actorOf, type Actor } from '../access/policy';
import type { Db } from '../db/database';
import { deleteAudioAsset } from '../db/queries/audio-assets';
import { findVoiceBio, setVoiceBio } from '../db/queries/voice-bios';
import type { ScratchFile } from '../storage/scratch-files';
import type { AudioLibrary, PreparedAudio } from './audio-library';
import { audioSourcesOf } from './post-presenter';
import { commitWithFiles } from './stored-files';

const NO_VOICE_BIO: VoiceBio = { voiceBioUrl: null, voiceBioDuration: null, audioSources: [] };

export interface VoiceBioService {
  /** Anyone's voice bio, as `viewer` may see their profile: empty when they have none, 404 as for their profile. */
  get(viewer: Actor, userId: string): Promise<VoiceBio>;
  /** The person's new voice bio, through the audio pipeline, at most 30 s as measured; the old one goes. */
  replace(userId: string, upload: ScratchFile): Promise<VoiceBio>;
  delete(userId: string): Promise<VoiceBio>;
}

export function createVoiceBioService(deps: { db: Db; audio: AudioLibrary }): VoiceBioService {
  const { db, audio } = deps;
  // Each route acts on the signed-in person's own voice bio; the policy still says who may change one.
  const authorizeOwn = (userId: string, action: 'change' | 'delete') =>
    authorize(actorOf(userId), action, { kind: 'voice-bio', ownerId: userId });

  async function current(userId: string): Promise<VoiceBio> {
    const bio = await findVoiceBio(db, userId);
    if (!bio) return NO_VOICE_BIO;
    const audioSources = audioSourcesOf(bio.audio_id, bio);
    return { voiceBioUrl: audioSources[0]!.url, voiceBioDuration: bio.duration, audioSources };
  }

  /** Sets (or clears) the person's voice bio; the audio it replaced goes, row and files. */
  async function swap(userId: string, next: PreparedAudio | undefined) {
    const replaced = await commitWithFiles(db, [next], async (trx) => {
      if (next) await audio.insert(trx, next);
      // The original's address, fixed for this recording; GET answers with the best source (the rendition).
      const bio = next && { audioId: next.row.id, url: audioSourcesOf(next.row.id, next.row)[0]!.url };
      const previous = await setVoiceBio(trx, userId, bio ?? null);
      if (previous) await deleteAudioAsset(trx, previous);
      return previous;
    });
    if (replaced) await audio.deleteFiles({ id: replaced });
  }

  return {
    async get(viewer, userId) {
      await requirePerson(db, viewer, userId, 'view-profile');
      return current(userId);
    },

    async replace(userId, upload) {
      authorizeOwn(userId, 'change');
      const prepared = await audio.prepare(upload, userId, false, AUDIO_DURATION_LIMITS.voiceBio);
      await swap(userId, prepared);
      return current(userId);
    },

    async delete(userId) {
      authorizeOwn(userId, 'delete');
      await swap(userId, undefined);
      return NO_VOICE_BIO;
    },
  };
}
