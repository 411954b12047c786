import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeUrl } from '@client/lib/api-client';
import { setContinuousPlay } from '@client/lib/audio/play-queue';
import type { PlayablePost } from '@client/lib/playable-post';
import { installLayout, uninstallBrowserFakes } from '@client/testing/fake-browser';
import { AudioPlayer } from './audio-player';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const post: PlayablePost = {
  id: 'p1',
  title: 'Morning walk',
  duration: 90,
  audioUrl: '/media/p1.webm',
  audioSources: [
    { url: '/media/p1.m4a', mimeType: 'audio/mp4' },
    { url: '/media/p1.webm', mimeType: 'audio/webm' },
  ],
  waveformData: Array.from({ length: 100 }, () => 0.5),
  speech: null,
  peaksUrl: '',
  imageUrl: null,
  transcription: null,
  chapters: [],
  user: { id: 'u1', firstName: 'Maya', lastName: 'Okafor' } as PlayablePost['user'],
};

/**
 * jsdom has <audio> without a media stack: play() and load() are the browser's, faked here; the test then plays
 * the browser's part by firing the element's events.
 */
let play: ReturnType<typeof vi.fn<() => Promise<void>>>;
let load: ReturnType<typeof vi.fn<() => void>>;

function audioElement(): HTMLAudioElement {
  const audio = document.querySelector('audio');
  if (!audio) throw new Error('no <audio>');
  return audio;
}

/** The browser gives up on the current source with a MediaError of this code. */
function sourceFails(code: number) {
  const audio = audioElement();
  Object.defineProperty(audio, 'error', { configurable: true, value: { code } });
  act(() => {
    audio.dispatchEvent(new Event('error'));
  });
}

function renderPlayer(playable: PlayablePost = post) {
  return render(<AudioPlayer post={playable} variant="compact" />);
}

const pressPlay = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Play Morning walk' }));
  });
};

/** jsdom has no MediaError: its codes, as browsers define them. */
const FakeMediaError = {
  MEDIA_ERR_ABORTED: 1,
  MEDIA_ERR_NETWORK: 2,
  MEDIA_ERR_DECODE: 3,
  MEDIA_ERR_SRC_NOT_SUPPORTED: 4,
};
const { MEDIA_ERR_NETWORK, MEDIA_ERR_DECODE, MEDIA_ERR_SRC_NOT_SUPPORTED } = FakeMediaError;

beforeEach(() => {
  installLayout();
  vi.stubGlobal('MediaError', FakeMediaError);
  play = vi.fn(() => Promise.resolve());
  load = vi.fn();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(load);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  uninstallBrowserFakes();
});

describe('audio player sources', () => {
  it('plays the first source, and moves on to the next when it fails', async () => {
    renderPlayer();
    expect(audioElement().getAttribute('src')).toBe('/media/p1.m4a');

    await pressPlay();
    expect(play).toHaveBeenCalledTimes(1);

    sourceFails(MEDIA_ERR_SRC_NOT_SUPPORTED);
    expect(audioElement().getAttribute('src')).toBe('/media/p1.webm');
    expect(load).toHaveBeenCalled();
    expect(play).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')?.textContent ?? '').toBe('');
  });

  it('downloads the recording whole once every source failed, and plays it from memory', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () => new Response(new Blob(['audio'], { type: 'audio/webm' })),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:downloaded');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    renderPlayer();
    await pressPlay();

    sourceFails(MEDIA_ERR_SRC_NOT_SUPPORTED);
    await act(async () => sourceFails(MEDIA_ERR_DECODE));

    expect(fetchMock).toHaveBeenCalledWith('/media/p1.m4a', { credentials: 'include' });
    expect(audioElement().getAttribute('src')).toBe('blob:downloaded');
    expect(play).toHaveBeenCalledTimes(3);
    // Still loading, to play: the button offers to stop it, and no error is said.
    expect(screen.getByRole('button', { name: 'Pause Morning walk' })).toHaveProperty('disabled', false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the format cannot be played when the downloaded copy fails too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => new Response(new Blob(['audio']))),
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:downloaded');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    renderPlayer();
    await pressPlay();

    sourceFails(MEDIA_ERR_SRC_NOT_SUPPORTED);
    await act(async () => sourceFails(MEDIA_ERR_SRC_NOT_SUPPORTED));
    sourceFails(MEDIA_ERR_DECODE);

    expect(screen.getByRole('alert').textContent).toBe('Unable to play this audio format on your device.');
    expect(screen.getByRole('button', { name: 'Play Morning walk' })).toHaveProperty('disabled', true);
  });

  it('says why when every source failed and the download did too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => new Response('', { status: 404 })),
    );
    renderPlayer();
    await pressPlay();

    sourceFails(MEDIA_ERR_NETWORK);
    await act(async () => sourceFails(MEDIA_ERR_NETWORK));

    expect(screen.getByRole('alert').textContent).toBe(
      'Cannot play this recording. Try recording a new message.',
    );
    expect(screen.getByRole('button', { name: 'Play Morning walk' })).toHaveProperty('disabled', true);
  });

  it('says the browser cannot play the format when it refuses every source up front', () => {
    vi.mocked(HTMLMediaElement.prototype.canPlayType).mockReturnValue('');
    renderPlayer();
    expect(screen.getByRole('alert').textContent).toBe('Your browser cannot play this audio format.');
    expect(screen.getByRole('button', { name: 'Play Morning walk' })).toHaveProperty('disabled', true);
  });

  it('asks for a tap when the browser blocks playing without one', async () => {
    play.mockRejectedValue(new DOMException('blocked', 'NotAllowedError'));
    renderPlayer();
    await pressPlay();
    expect(screen.getByRole('status').textContent).toBe('Tap play to start listening.');
  });
});

describe('audio player resume position', () => {
  const pod: PlayablePost = { ...post, id: 'pod1', duration: 600 };

  it('picks a long pod up where the listener left off', async () => {
    localStorage.setItem('earshot.resume.pod1', '240');
    renderPlayer(pod);
    await pressPlay();

    expect(screen.getByRole('status').textContent).toBe('Picked up where you left off, at 4:00.');
    expect(screen.getByTestId('player-current-time').textContent).toBe('4:00');
    const audio = audioElement();
    Object.defineProperty(audio, 'readyState', { configurable: true, value: HTMLMediaElement.HAVE_METADATA });
    act(() => {
      audio.dispatchEvent(new Event('loadedmetadata'));
    });
    expect(audio.currentTime).toBe(240);
  });

  it('remembers where a paused pod was in this browser alone, and forgets it once heard to the end', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderPlayer(pod);
    await pressPlay();
    const audio = audioElement();
    Object.defineProperty(audio, 'currentTime', { configurable: true, writable: true, value: 125 });
    act(() => {
      audio.dispatchEvent(new Event('pause'));
    });
    expect(localStorage.getItem('earshot.resume.pod1')).toBe('125');

    act(() => {
      audio.dispatchEvent(new Event('ended'));
    });
    expect(localStorage.getItem('earshot.resume.pod1')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('starts a short post from the beginning', async () => {
    localStorage.setItem('earshot.resume.p1', '40');
    renderPlayer();
    await pressPlay();
    expect(screen.getByTestId('player-current-time').textContent).toBe('0:00');
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('audio player position kept on the server, for a signed-in listener', () => {
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>(async () => Response.json({ resumeAt: null, heard: false }));
    vi.stubGlobal('fetch', fetchMock);
  });

  /** The positions sent so far, and whether each may outlive the page. */
  const saves = () =>
    fetchMock.mock.calls.map(([url, init]) => {
      expect(url).toBe(routeUrl('saveListening', { params: { id: 'p1' } }));
      expect(init?.method).toBe('PUT');
      return { at: (JSON.parse(String(init?.body)) as { at: number }).at, keepalive: init?.keepalive };
    });

  const renderKept = (listening?: PlayablePost['listening']) =>
    render(<AudioPlayer post={{ ...post, listening }} keepPosition />);

  it('offers to resume where another device left off, and picks up there', async () => {
    renderKept({ resumeAt: 42.5, heard: false });
    const offer = screen.getByRole('button', { name: 'Resume at 0:42' });
    await act(async () => {
      fireEvent.click(offer);
    });
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('player-current-time').textContent).toBe('0:42');
    expect(screen.getByRole('status').textContent).toBe('Picked up where you left off, at 0:42.');
    expect(screen.queryByRole('button', { name: 'Resume at 0:42' })).toBeNull();
    const audio = audioElement();
    Object.defineProperty(audio, 'readyState', { configurable: true, value: HTMLMediaElement.HAVE_METADATA });
    act(() => {
      audio.dispatchEvent(new Event('loadedmetadata'));
    });
    expect(audio.currentTime).toBe(42.5);
  });

  it('offers nothing for a post never played, or heard to the end', () => {
    renderKept();
    cleanup();
    renderKept({ resumeAt: null, heard: true });
    expect(screen.queryByRole('button', { name: /^Resume at/ })).toBeNull();
  });

  it('keeps the place sought before the recording had loaded when paused there, not the start', async () => {
    renderKept();
    await pressPlay();
    const seekBar = screen.getByRole('slider', { name: 'Seek Morning walk' });
    for (const key of ['ArrowRight', 'ArrowRight']) fireEvent.keyDown(seekBar, { key });
    act(() => {
      audioElement().dispatchEvent(new Event('pause'));
    });
    expect(saves()).toEqual([{ at: 10, keepalive: true }]);
    expect(screen.getByTestId('player-current-time').textContent).toBe('0:10');
  });

  it('sends where it was paused at once, a seek once it settles, and the end when heard, each outliving the page', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // No animation frames: the playing player's frame loop would otherwise save the time the test sets for a pause
    // as a periodic save of its own, when a frame fell between the two (it did, under load).
    vi.stubGlobal('requestAnimationFrame', () => 0);
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    try {
      const { unmount } = renderKept();
      await pressPlay();
      const audio = audioElement();
      Object.defineProperty(audio, 'readyState', {
        configurable: true,
        value: HTMLMediaElement.HAVE_METADATA,
      });
      const pauseAt = (seconds: number) => {
        Object.defineProperty(audio, 'currentTime', { configurable: true, writable: true, value: seconds });
        act(() => {
          audio.dispatchEvent(new Event('pause'));
        });
      };
      pauseAt(20);
      expect(saves()).toEqual([{ at: 20, keepalive: true }]);

      const seekBar = screen.getByRole('slider', { name: 'Seek Morning walk' });
      for (const key of ['Home', 'ArrowRight', 'ArrowRight']) fireEvent.keyDown(seekBar, { key });
      expect(saves()).toHaveLength(1);
      act(() => {
        vi.advanceTimersByTime(1000);
      });
      expect(saves()).toEqual([
        { at: 20, keepalive: true },
        { at: 10, keepalive: true },
      ]);

      act(() => {
        audio.dispatchEvent(new Event('ended'));
      });
      expect(saves().at(-1)).toEqual({ at: 90, keepalive: true });

      fireEvent.keyDown(seekBar, { key: 'ArrowRight' });
      unmount();
      expect(saves().at(-1)).toEqual({ at: 5, keepalive: true });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('audio player listens', () => {
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>(async () => Response.json({ postId: 'p1', counted: true }));
    vi.stubGlobal('fetch', fetchMock);
  });

  /** The reports sent so far: the seconds each carried, and whether it may outlive the page. */
  const reports = () =>
    fetchMock.mock.calls.map(([url, init]) => {
      expect(url).toBe(routeUrl('recordListen', { params: { id: 'p1' } }));
      expect(init?.method).toBe('POST');
      return {
        seconds: (JSON.parse(String(init?.body)) as { seconds: number }).seconds,
        keepalive: init?.keepalive,
      };
    });

  /** The browser plays on to `seconds`, a time update each second (or moves there at once, seeking). */
  function playTo(seconds: number, { seek = false } = {}) {
    const audio = audioElement();
    if (audio.paused) {
      Object.defineProperty(audio, 'paused', { configurable: true, value: false });
      act(() => {
        audio.dispatchEvent(new Event('playing'));
      });
    }
    if (seek) {
      act(() => {
        audio.dispatchEvent(new Event('seeking'));
      });
    }
    const from = Math.ceil(audio.currentTime);
    for (let time = seek ? seconds : from + 1; time <= seconds; time++) {
      Object.defineProperty(audio, 'currentTime', { configurable: true, writable: true, value: time });
      act(() => {
        audio.dispatchEvent(new Event('timeupdate'));
      });
    }
  }

  function pauseAt(seconds: number) {
    const audio = audioElement();
    Object.defineProperty(audio, 'currentTime', { configurable: true, writable: true, value: seconds });
    Object.defineProperty(audio, 'paused', { configurable: true, value: true });
    act(() => {
      audio.dispatchEvent(new Event('pause'));
    });
  }

  function renderCounted() {
    return render(<AudioPlayer post={post} variant="compact" countListens />);
  }

  it('reports a listen once 5 seconds have been heard, then the rest when paused', async () => {
    renderCounted();
    await pressPlay();
    playTo(4);
    expect(fetchMock).not.toHaveBeenCalled();

    playTo(5);
    expect(reports()).toEqual([{ seconds: 5, keepalive: undefined }]);

    playTo(12);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    pauseAt(12);
    expect(reports()).toEqual([
      { seconds: 5, keepalive: undefined },
      { seconds: 7, keepalive: undefined },
    ]);
  });

  it('does not count seeking as listening', async () => {
    renderCounted();
    await pressPlay();
    playTo(3);
    playTo(60, { seek: true });
    playTo(61);
    expect(fetchMock).not.toHaveBeenCalled();

    playTo(62);
    expect(reports()).toEqual([{ seconds: 5, keepalive: undefined }]);
  });

  it('says nothing for a play shorter than 5 seconds', async () => {
    renderCounted();
    await pressPlay();
    playTo(3);
    pauseAt(3);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends what was heard when the page is left while playing', async () => {
    renderCounted();
    await pressPlay();
    playTo(9);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(reports()).toEqual([
      { seconds: 5, keepalive: undefined },
      { seconds: 4, keepalive: true },
    ]);
  });

  it('keeps playing when a report fails, without a word', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    renderCounted();
    await pressPlay();
    playTo(6);
    await act(async () => undefined);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('reports nothing for a player that does not count listens, such as a comment', async () => {
    renderPlayer();
    await pressPlay();
    playTo(20);
    pauseAt(20);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('audio player on the lock screen', () => {
  let session: {
    metadata: { artwork: { src: string }[] } | null;
    playbackState: string;
    setActionHandler: () => void;
    setPositionState: () => void;
  };
  beforeEach(() => {
    session = { metadata: null, playbackState: 'none', setActionHandler: vi.fn(), setPositionState: vi.fn() };
    Object.defineProperty(navigator, 'mediaSession', { configurable: true, value: session });
    vi.stubGlobal(
      'MediaMetadata',
      class {
        constructor(readonly init: object) {
          Object.assign(this, init);
        }
      },
    );
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaSession');
  });

  const playing = async (playable: PlayablePost) => {
    renderPlayer(playable);
    await pressPlay();
    act(() => {
      audioElement().dispatchEvent(new Event('playing'));
    });
    return session.metadata!.artwork.map((image) => image.src);
  };

  it('shows the post’s picture', async () => {
    expect(await playing({ ...post, imageUrl: '/media/images/cover.jpg' })).toEqual([
      `${location.origin}/media/images/cover.jpg`,
    ]);
    expect(session.metadata).toMatchObject({ title: 'Morning walk', artist: 'Maya Okafor' });
  });

  it('shows the app’s icon for a post without a picture', async () => {
    expect(await playing(post)).toEqual([
      `${location.origin}/icons/icon-192.png`,
      `${location.origin}/icons/icon-512.png`,
    ]);
  });
});

describe('audio players in a queue (the feed)', () => {
  const posts = ['First', 'Second', 'Third'].map((title, index) => ({ ...post, id: `q${index}`, title }));
  let handlers: Map<string, (() => void) | null>;
  beforeEach(() => {
    handlers = new Map();
    const session = {
      metadata: null,
      playbackState: 'none',
      setActionHandler: (action: string, handler: (() => void) | null) => handlers.set(action, handler),
      setPositionState: vi.fn(),
    };
    Object.defineProperty(navigator, 'mediaSession', { configurable: true, value: session });
    vi.stubGlobal('MediaMetadata', class {});
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaSession');
  });

  const renderQueue = () =>
    render(
      <ul data-play-queue>
        {posts.map((each) => (
          <li key={each.id}>
            <AudioPlayer post={each} variant="compact" />
          </li>
        ))}
      </ul>,
    );
  const elements = () => [...document.querySelectorAll('audio')];
  /** Which of the queue's elements play() was called on, in order. */
  const played = () => play.mock.contexts.map((element) => elements().indexOf(element as HTMLAudioElement));

  async function startPlaying(index: number) {
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: `Play ${posts[index]!.title}` }));
    });
    act(() => {
      elements()[index]!.dispatchEvent(new Event('playing'));
    });
  }

  it('plays the next post when one ends, with continuous play on', async () => {
    setContinuousPlay(true);
    renderQueue();
    await startPlaying(0);
    await act(async () => {
      elements()[0]!.dispatchEvent(new Event('ended'));
    });
    expect(played()).toEqual([0, 1]);
  });

  it('stops at the end of a post with continuous play off', async () => {
    setContinuousPlay(false);
    renderQueue();
    await startPlaying(0);
    await act(async () => {
      elements()[0]!.dispatchEvent(new Event('ended'));
    });
    expect(played()).toEqual([0]);
  });

  it('moves along the queue with the lock screen’s next and previous track', async () => {
    renderQueue();
    await startPlaying(1);
    await act(async () => handlers.get('nexttrack')!());
    await act(async () => handlers.get('previoustrack')!());
    expect(played()).toEqual([1, 2, 0]);
  });

  it('offers no next or previous track for a player outside a queue', async () => {
    renderPlayer();
    await pressPlay();
    act(() => {
      audioElement().dispatchEvent(new Event('playing'));
    });
    expect(handlers.get('nexttrack')).toBeNull();
    expect(handlers.get('previoustrack')).toBeNull();
  });
});
