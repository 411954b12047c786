import type { PublicUser } from '@shared/contract/users';
import type { VoiceBio } from '@shared/contract/voice-bio';
import type { PlayablePost } from '@client/lib/playable-post';

/** The voice bio in the shape the shared player plays. */
export function playableVoiceBio(voiceBio: VoiceBio, user: PublicUser, name: string): PlayablePost {
  return {
    id: `voice-bio-${user.id}`,
    title: `${name}'s voice bio`,
    duration: voiceBio.voiceBioDuration ?? 0,
    audioUrl: voiceBio.voiceBioUrl ?? '',
    audioSources: voiceBio.audioSources,
    waveformData: [],
    speech: null,
    peaksUrl: '',
    imageUrl: null,
    transcription: null,
    chapters: [],
    user,
  };
}
