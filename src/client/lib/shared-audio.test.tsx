import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sharedFileType, useSharedAudio, useSharedAudioSignedOut } from './shared-audio';
import { toast } from './use-toast';

vi.mock('./use-toast', () => ({ toast: vi.fn() }));

/** The share the server keeps for the signed-in person, and the requests the hook made of it. */
let kept: { name: string; type: string } | undefined;
let requests: string[];

function keepShare(name: string, type: string) {
  kept = { name, type };
}

beforeEach(() => {
  kept = undefined;
  requests = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    requests.push(`${init.method ?? 'GET'} ${url}`);
    if (init.method === 'DELETE') {
      kept = undefined;
      return Response.json({ discarded: true });
    }
    if (!kept) return Response.json({ message: 'No shared audio is waiting for you.' }, { status: 404 });
    return new Response(new Blob(['ID3'], { type: kept.type }), {
      headers: { 'content-type': kept.type, 'x-file-name': encodeURIComponent(kept.name) },
    });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
  history.replaceState(null, '', '/');
});

const land = (outcome: string) => history.replaceState(null, '', `/?shared=${outcome}`);
const toldTitles = () => vi.mocked(toast).mock.calls.map(([message]) => message.title);

describe('sharedFileType', () => {
  it('names the audio type from the extension when the share sheet gave none that says so', () => {
    expect(sharedFileType('Voice memo.m4a', '')).toBe('audio/mp4');
    expect(sharedFileType('Choir.opus', 'application/ogg')).toBe('audio/ogg');
    expect(sharedFileType('Rain.OGG', 'application/octet-stream')).toBe('audio/ogg');
    expect(sharedFileType('Song.mp3', 'audio/mpeg')).toBe('audio/mpeg');
    expect(sharedFileType('Notes.txt', 'application/octet-stream')).toBe('application/octet-stream');
  });
});

describe('useSharedAudio', () => {
  it('opens a shared .opus as audio the upload accepts, takes it once, and takes it off the address', async () => {
    keepShare('Choir.opus', 'application/ogg');
    land('audio');
    const { result } = renderHook(() => useSharedAudio());
    await waitFor(() => expect(result.current.file).not.toBeNull());
    expect(result.current.file).toMatchObject({ name: 'Choir.opus', type: 'audio/ogg' });
    expect(requests).toEqual(['GET /api/shared-audio', 'DELETE /api/shared-audio']);
    expect(kept).toBeUndefined();
    expect(location.search).toBe('');
  });

  it('asks for the share again when the server keeps none (taken, or over an hour old)', async () => {
    land('audio');
    const { result } = renderHook(() => useSharedAudio());
    await waitFor(() => expect(toldTitles()).toEqual(['The shared audio did not arrive']));
    expect(result.current.file).toBeNull();
  });

  it('says when the file was too large, not audio, or could not be kept', async () => {
    for (const outcome of ['too-large', 'not-audio', 'unavailable']) {
      land(outcome);
      renderHook(() => useSharedAudio());
    }
    await waitFor(() =>
      expect(toldTitles()).toEqual([
        'That file is too large',
        'That file is not audio',
        'The shared audio could not be received',
      ]),
    );
    expect(requests).toEqual([]);
  });
});

describe('useSharedAudioSignedOut', () => {
  it('asks a visitor to sign in and share again, once they are known to be signed out', async () => {
    land('unavailable');
    const { rerender } = renderHook(({ signedOut }) => useSharedAudioSignedOut(signedOut), {
      initialProps: { signedOut: false },
    });
    expect(location.search).toBe('?shared=unavailable');
    rerender({ signedOut: true });
    await waitFor(() => expect(toldTitles()).toEqual(['Sign in to share audio']));
    expect(location.search).toBe('');
  });
});
