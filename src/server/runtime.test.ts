import { describe, expect, it } from 'vitest';
import { unsupportedNodeMessage } from './runtime';

describe('unsupportedNodeMessage', () => {
  it('lets Node.js 24 and newer run', () => {
    expect(unsupportedNodeMessage('24.21.0')).toBeUndefined();
    expect(unsupportedNodeMessage('26.1.0')).toBeUndefined();
  });

  it('says in one sentence what an older Node.js needs', () => {
    const message = unsupportedNodeMessage('20.20.2');
    expect(message).toMatch(/^Earshot needs Node\.js 24 or newer and this is Node\.js 20\.20\.2: .*\.$/);
    expect(message?.split('. ')).toHaveLength(1);
  });
});
