/** Spec §9: a marker is grabbed within 15 px of it. */
export const MARKER_GRAB_PX = 15;

/**
 * Which selection marker a press at `x` grabs (CSS px), or null for neither. The nearer one wins; where they sit
 * together, the side pressed on decides, so a collapsed selection can still be opened either way.
 */
export function hitMarker(
  x: number,
  startX: number,
  endX: number,
  tolerance = MARKER_GRAB_PX,
): 'start' | 'end' | null {
  const toStart = Math.abs(x - startX);
  const toEnd = Math.abs(x - endX);
  if (Math.min(toStart, toEnd) > tolerance) return null;
  if (toStart === toEnd) return x < startX ? 'start' : 'end';
  return toStart < toEnd ? 'start' : 'end';
}

/** A timeline position (ms) to an x in a window of `width` px showing [viewStart, viewStart + viewSpan). */
export function timeToX(ms: number, viewStart: number, viewSpan: number, width: number): number {
  return viewSpan > 0 ? ((ms - viewStart) / viewSpan) * width : 0;
}

export function xToTime(x: number, viewStart: number, viewSpan: number, width: number): number {
  return width > 0 ? viewStart + (Math.min(width, Math.max(0, x)) / width) * viewSpan : viewStart;
}
