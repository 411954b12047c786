import { describe, expect, it } from 'vitest';
import { entityTag, isNotModified, rangeStillApplies } from './conditional-request';

const current = { etag: '"abc-1"', modifiedAt: new Date('2026-11-24T10:00:00.750Z') };
const lastModified = current.modifiedAt.toUTCString();

describe('conditional requests', () => {
  it('quotes a bare tag and keeps a quoted one', () => {
    expect(entityTag('abc')).toBe('"abc"');
    expect(entityTag('"abc"')).toBe('"abc"');
  });

  it('answers 304 when If-None-Match names the current tag, weakly or in a list, or is *', () => {
    expect(isNotModified({ 'if-none-match': '"abc-1"' }, current)).toBe(true);
    expect(isNotModified({ 'if-none-match': 'W/"abc-1"' }, current)).toBe(true);
    expect(isNotModified({ 'if-none-match': '"old", "abc-1"' }, current)).toBe(true);
    expect(isNotModified({ 'if-none-match': '*' }, current)).toBe(true);
    expect(isNotModified({ 'if-none-match': '"old"' }, current)).toBe(false);
  });

  it('lets If-None-Match decide over If-Modified-Since', () => {
    expect(isNotModified({ 'if-none-match': '"old"', 'if-modified-since': lastModified }, current)).toBe(
      false,
    );
  });

  it('answers 304 when not modified since the given date, to the second', () => {
    expect(isNotModified({ 'if-modified-since': lastModified }, current)).toBe(true);
    const secondBefore = new Date(current.modifiedAt.getTime() - 1000).toUTCString();
    expect(isNotModified({ 'if-modified-since': secondBefore }, current)).toBe(false);
    expect(isNotModified({ 'if-modified-since': 'yesterday' }, current)).toBe(false);
    expect(isNotModified({}, current)).toBe(false);
  });

  it('applies a Range only while If-Range still names the object, by strong tag or exact date', () => {
    expect(rangeStillApplies({}, current)).toBe(true);
    expect(rangeStillApplies({ 'if-range': '"abc-1"' }, current)).toBe(true);
    expect(rangeStillApplies({ 'if-range': lastModified }, current)).toBe(true);
    expect(rangeStillApplies({ 'if-range': '"old"' }, current)).toBe(false);
    expect(rangeStillApplies({ 'if-range': 'W/"abc-1"' }, current)).toBe(false);
    expect(rangeStillApplies({ 'if-range': 'Mon, 23 Nov 2026 10:00:00 GMT' }, current)).toBe(false);
  });
});
