import { describe, expect, it } from 'vitest';
import { parseLiveEvent } from './event-bus';
import { eventChannel } from './pg-event-bus';

describe('the PostgreSQL event channel', () => {
  it('is one per schema, within the 63 bytes PostgreSQL keeps of a name', () => {
    const longest = 'a'.repeat(63);
    expect(eventChannel(undefined)).toBe('earshot_events');
    expect(eventChannel('tenant_one')).toBe('earshot_events:tenant_one');
    expect(eventChannel(longest).length).toBeLessThanOrEqual(63);
    expect(eventChannel(longest)).not.toBe(eventChannel(`${'a'.repeat(62)}b`));
  });
});

describe('events read from the wire', () => {
  it('keeps the kinds this version knows and drops anything else', () => {
    const event = { type: 'notification', userId: 'u1', id: 'n1' };
    expect(parseLiveEvent(JSON.stringify(event))).toEqual(event);
    expect(parseLiveEvent(JSON.stringify({ ...event, type: 'message-v9' }))).toBeUndefined();
    expect(parseLiveEvent(JSON.stringify({ ...event, userId: 7 }))).toBeUndefined();
    const message = { type: 'conversation-recording', userId: 'u1', id: 'm1', conversationId: 'c1' };
    expect(parseLiveEvent(JSON.stringify(message))).toEqual(message);
    expect(parseLiveEvent(JSON.stringify({ ...message, conversationId: undefined }))).toBeUndefined();
    expect(parseLiveEvent(JSON.stringify({ type: 'sessions-ended', userId: 'u1' }))).toEqual({
      type: 'sessions-ended',
      userId: 'u1',
    });
    expect(parseLiveEvent(JSON.stringify({ type: 'sessions-ended' }))).toBeUndefined();
    expect(parseLiveEvent('not json')).toBeUndefined();
    expect(parseLiveEvent('null')).toBeUndefined();
  });
});
