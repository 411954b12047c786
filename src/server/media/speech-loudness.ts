/** Speech target (as podcast platforms use): -16 LUFS integrated, true peak at most -1 dBTP. */
export const SPEECH_TARGET_LUFS = -16;
/** Sample-peak ceiling before AAC: the encoder's overshoot stays under the -1 dBTP true-peak ceiling. */
export const SPEECH_LIMIT_DB = -2;
const MAX_BOOST_DB = 24;
const MAX_CUT_DB = -24;

/** The gain that brings the measured loudness to the target; silence is left alone. */
export function speechGainDb(loudnessLufs: number | null): number {
  if (loudnessLufs === null) return 0;
  return Math.min(MAX_BOOST_DB, Math.max(MAX_CUT_DB, SPEECH_TARGET_LUFS - loudnessLufs));
}
