// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { clearLocalEdits, loadLocalEdits, storeLocalEdits } from './local-edits';

const ops = [{ kind: 'delete' as const, start: 100, end: 200 }];

describe('local edits', () => {
  afterEach(() => localStorage.clear());

  it('gives back the list kept for the same save', () => {
    storeLocalEdits('d1', '2026-11-24T18:00:00.000Z', ops);
    expect(loadLocalEdits('d1', '2026-11-24T18:00:00.000Z')).toEqual(ops);
    expect(loadLocalEdits('d2', '2026-11-24T18:00:00.000Z')).toBeNull();
  });

  it('drops a list made before a later save', () => {
    storeLocalEdits('d1', 'never saved', ops);
    expect(loadLocalEdits('d1', '2026-11-24T18:00:00.000Z')).toBeNull();
    clearLocalEdits('d1');
    expect(loadLocalEdits('d1', 'never saved')).toBeNull();
  });
});
