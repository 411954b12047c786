/** "1:05.3": minutes, seconds and tenths (spec §2 Advanced editor: a time display with tenths of a second). */
export function formatEditorTime(ms: number): string {
  const tenths = Math.max(0, Math.floor(ms / 100));
  const minutes = Math.floor(tenths / 600);
  const seconds = Math.floor((tenths % 600) / 10);
  return `${minutes}:${String(seconds).padStart(2, '0')}.${tenths % 10}`;
}

/** "1:05": whole minutes and seconds, for a value that would otherwise change every frame. */
export function formatWholeSeconds(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
