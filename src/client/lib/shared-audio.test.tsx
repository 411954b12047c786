import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHARE_KEPT_MS, sharedFileType, useSharedAudio, useSharedAudioSignedOut } from './shared-audio';
import { toast } from './use-toast';

vi.mock('./use-toast', () => ({ toast: vi.fn() }));

/** The service worker's kept share, as Cache Storage would hold it. */
let kept: Response | undefined;
const deleted: string[] = [];

function keepShare(name: string, type: string, sharedAt = Date.now()) {
  kept = new Response(new Blob(['ID3'], { type }), {
    headers: {
      'content-type': type,
      'x-file-name': encodeURIComponent(name),
      'x-shared-at': String(sharedAt),
    },
  });
}

beforeEach(() => {
  kept = undefined;
  deleted.length = 0;
  vi.stubGlobal('caches', {
    open: async () => ({
      match: async () => kept,
      delete: async () => {
        kept = undefined;
        return true;
      },
    }),
    delete: async (name: string) => {
      deleted.push(name);
      kept = undefined;
      return true;
    },
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
  it('opens a shared .opus as audio the upload accepts, and takes it off the address', async () => {
    keepShare('Choir.opus', 'application/ogg');
    land('audio');
    const { result } = renderHook(() => useSharedAudio());
    await waitFor(() => expect(result.current.file).not.toBeNull());
    expect(result.current.file).toMatchObject({ name: 'Choir.opus', type: 'audio/ogg' });
    expect(location.search).toBe('');
  });

  it('lets go of a share kept over an hour and asks for it again', async () => {
    keepShare('Old.mp3', 'audio/mpeg', Date.now() - SHARE_KEPT_MS - 1000);
    land('audio');
    const { result } = renderHook(() => useSharedAudio());
    await waitFor(() => expect(toldTitles()).toEqual(['The shared audio did not arrive']));
    expect(result.current.file).toBeNull();
    expect(kept).toBeUndefined();
  });

  it('says when the file was too large, or when no worker could take the share', async () => {
    land('too-large');
    renderHook(() => useSharedAudio());
    await waitFor(() => expect(toldTitles()).toEqual(['That file is too large']));
    land('unavailable');
    renderHook(() => useSharedAudio());
    await waitFor(() =>
      expect(toldTitles()).toEqual(['That file is too large', 'The shared audio could not be received']),
    );
  });
});

describe('useSharedAudioSignedOut', () => {
  it('lets the share go once the visitor is known to be signed out, and not while that is unknown', async () => {
    keepShare('Voice.m4a', 'audio/mp4');
    land('audio');
    const { rerender } = renderHook(({ signedOut }) => useSharedAudioSignedOut(signedOut), {
      initialProps: { signedOut: false },
    });
    expect(location.search).toBe('?shared=audio');
    rerender({ signedOut: true });
    await waitFor(() => expect(deleted).toEqual(['earshot-shared-audio']));
    expect(toldTitles()).toEqual(['Sign in to share audio']);
    expect(location.search).toBe('');
  });
});
