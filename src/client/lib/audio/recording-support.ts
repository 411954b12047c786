/**
 * What this browser can record, and in which format (spec §9 Audio formats): WebM with Opus when supported,
 * else plain WebM, else MP4 (Safari and iOS), else whatever the browser picks by default.
 */
export const RECORDING_MIME_CANDIDATES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'] as const;

/** True when the page can ask for the microphone and record it. */
export function isRecordingSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function' &&
    typeof MediaRecorder !== 'undefined'
  );
}

/** The first candidate the recorder supports; undefined lets the browser choose. */
export function pickRecordingMimeType(
  isTypeSupported: (mimeType: string) => boolean = (mimeType) =>
    typeof MediaRecorder !== 'undefined' && typeof MediaRecorder.isTypeSupported === 'function'
      ? MediaRecorder.isTypeSupported(mimeType)
      : false,
): string | undefined {
  return RECORDING_MIME_CANDIDATES.find((candidate) => {
    try {
      return isTypeSupported(candidate);
    } catch {
      return false;
    }
  });
}

/** The file extension that matches a recorded or merged blob's MIME type. */
export function extensionForMimeType(mimeType: string): string {
  const type = mimeType.toLowerCase();
  if (type.includes('mp4') || type.includes('m4a') || type.includes('aac')) return 'm4a';
  if (type.includes('wav')) return 'wav';
  if (type.includes('ogg')) return 'ogg';
  if (type.includes('mpeg') || type.includes('mp3')) return 'mp3';
  return 'webm';
}

/** `recording.webm`, `recording.m4a` on Safari/iOS, `recording.wav` after a merge. */
export function recordingFileName(base: string, mimeType: string): string {
  return `${base}.${extensionForMimeType(mimeType)}`;
}
