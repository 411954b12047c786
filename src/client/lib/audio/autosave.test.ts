import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@client/lib/api-client';
import { AUTOSAVE_INTERVAL_MS, AutosaveSession } from './autosave';

describe('AutosaveSession (spec §4 Autosave)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  async function fieldsOf(body: FormData) {
    const audio = body.get('audio') as Blob;
    return {
      sessionId: body.get('sessionId'),
      chunkNumber: body.get('chunkNumber'),
      totalDuration: body.get('totalDuration'),
      audio: await audio.text(),
    };
  }

  it('uploads what was buffered every 30 s as numbered chunks of one session', async () => {
    const sent: FormData[] = [];
    const session = new AutosaveSession({
      totalSeconds: () => 31.24,
      upload: async (body) => {
        sent.push(body);
      },
    });
    session.start();
    session.add(new Blob(['a'], { type: 'audio/webm' }));
    session.add(new Blob(['b'], { type: 'audio/webm' }));
    expect(session.status.kind).toBe('enabled');

    await vi.advanceTimersByTimeAsync(AUTOSAVE_INTERVAL_MS);
    expect(sent).toHaveLength(1);
    expect(await fieldsOf(sent[0]!)).toEqual({
      sessionId: session.sessionId,
      chunkNumber: '0',
      totalDuration: '31.2',
      audio: 'ab',
    });
    expect(session.status.kind).toBe('saved');

    // Nothing new: nothing sent. Then the next chunk carries only the new audio.
    await vi.advanceTimersByTimeAsync(AUTOSAVE_INTERVAL_MS);
    expect(sent).toHaveLength(1);
    session.add(new Blob(['c']));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_INTERVAL_MS);
    expect(await fieldsOf(sent[1]!)).toMatchObject({ chunkNumber: '1', audio: 'c' });
    session.dispose();
  });

  it('keeps the audio after a failure, only logging it, and sends it with the next try', async () => {
    let fail = true;
    const sent: FormData[] = [];
    const session = new AutosaveSession({
      totalSeconds: () => 0,
      upload: async (body) => {
        if (fail) throw new Error('offline');
        sent.push(body);
      },
    });
    session.add(new Blob(['a']));
    await session.flush();
    expect(console.warn).toHaveBeenCalled();
    expect(session.status.kind).toBe('enabled');
    expect(session.chunkNumber).toBe(0);

    fail = false;
    session.add(new Blob(['b']));
    await session.flush();
    expect(await fieldsOf(sent[0]!)).toMatchObject({ chunkNumber: '0', audio: 'ab' });
    expect(session.chunkNumber).toBe(1);
  });

  it('stops autosaving a recording the server refuses to keep more of, instead of resending it', async () => {
    let attempts = 0;
    const session = new AutosaveSession({
      totalSeconds: () => 60,
      upload: async () => {
        attempts += 1;
        throw new ApiError(413, '413: {"message":"This recording is over 100 MB."}');
      },
    });
    session.start();
    session.add(new Blob(['a'], { type: 'audio/webm' }));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_INTERVAL_MS);
    session.add(new Blob(['b'], { type: 'audio/webm' }));
    await vi.advanceTimersByTimeAsync(3 * AUTOSAVE_INTERVAL_MS);
    expect(attempts).toBe(1);
    expect(session.status.kind).toBe('enabled');
  });

  it('shows "saving" while an upload runs, and keeps chunks that arrive meanwhile for the next one', async () => {
    let release!: () => void;
    const sent: FormData[] = [];
    const session = new AutosaveSession({
      totalSeconds: () => 0,
      upload: (body) => {
        sent.push(body);
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    });
    const seen: string[] = [];
    session.subscribe(() => seen.push(session.status.kind));
    session.add(new Blob(['a']));
    const first = session.flush();
    expect(session.status.kind).toBe('saving');
    session.add(new Blob(['b']));
    expect(session.flush()).toBe(first);
    release();
    await first;
    expect(seen).toEqual(['saving', 'saved']);
    const second = session.flush();
    release();
    await second;
    expect(await (sent[1]!.get('audio') as Blob).text()).toBe('b');
  });

  it('gives every recording its own session id', () => {
    const options = { totalSeconds: () => 0, upload: async () => undefined };
    expect(new AutosaveSession(options).sessionId).not.toBe(new AutosaveSession(options).sessionId);
  });
});
