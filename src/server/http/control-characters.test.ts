import { describe, expect, it } from 'vitest';
import { controlCharacterAt } from './control-characters';

describe('controlCharacterAt', () => {
  it('names the first field holding a control character, keys included, and lets tabs and line breaks by', () => {
    expect(controlCharacterAt({ bio: 'one\ntwo\tthree\r\n', tags: ['a', 'b'] })).toBeUndefined();
    expect(controlCharacterAt({ links: [{ title: 'ok' }, { title: 'x\u0000' }] })).toBe('links.1.title');
    expect(controlCharacterAt({ ['we\u001bird']: 1 })).toBe('we\u001bird');
    expect(controlCharacterAt('\u0085')).toBe('');
    expect(controlCharacterAt(Buffer.from([0, 1, 2]))).toBeUndefined();
  });

  it('walks a body nested deeper than the call stack goes', () => {
    let deep: unknown = 'bottom\u0000';
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    expect(controlCharacterAt(deep)).toBe(Array(200_000).fill('0').join('.'));
  });
});
