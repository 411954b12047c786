import { describe, expect, it } from 'vitest';
import { newId } from './ids';

describe('newId', () => {
  it('makes version-7 UUIDs that sort in creation order, even within one millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    expect(
      ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id)),
    ).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
