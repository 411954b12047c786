/** "1:05.3": minutes, seconds and tenths (spec §2 Advanced editor: a time display with tenths of a second). */
export function formatEditorTime(ms: number): string {
  const tenths = Math.max(0, Math.floor(ms / 100));
  const minutes = Math.floor(tenths / 600);
  const seconds = Math.floor((tenths % 600) / 10);
  return `${minutes}:${String(seconds).padStart(2, '0')}.${tenths % 10}`;
}
