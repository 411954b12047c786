/** Audio types by file extension, for files that arrive without a usable type of their own. */
const AUDIO_TYPE_BY_EXTENSION: Record<string, string> = {
  webm: 'audio/webm',
  weba: 'audio/webm',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  aac: 'audio/aac',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  flac: 'audio/flac',
};

/** The audio type a file name or URL's extension stands for, or '' when it names none. */
export function audioTypeOfName(name: string): string {
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(name)?.[1]?.toLowerCase();
  return (extension && AUDIO_TYPE_BY_EXTENSION[extension]) || '';
}
