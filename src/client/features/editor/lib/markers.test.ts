import { describe, expect, it } from 'vitest';
import { MARKER_GRAB_PX, hitMarker, timeToX, xToTime } from './markers';

describe('hitMarker', () => {
  it('grabs a marker within 15 px and nothing further', () => {
    expect(MARKER_GRAB_PX).toBe(15);
    expect(hitMarker(215, 200, 600)).toBe('start');
    expect(hitMarker(216, 200, 600)).toBeNull();
    expect(hitMarker(590, 200, 600)).toBe('end');
  });

  it('takes the nearer marker, and the side pressed when they meet', () => {
    expect(hitMarker(206, 200, 210)).toBe('end');
    expect(hitMarker(204, 200, 210)).toBe('start');
    expect(hitMarker(195, 200, 200)).toBe('start');
    expect(hitMarker(205, 200, 200)).toBe('end');
  });
});

describe('time and x', () => {
  it('map the visible window onto the width and back', () => {
    expect(timeToX(15_000, 10_000, 20_000, 800)).toBe(200);
    expect(xToTime(200, 10_000, 20_000, 800)).toBe(15_000);
    expect(xToTime(-5, 10_000, 20_000, 800)).toBe(10_000);
  });
});
