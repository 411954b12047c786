import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMessagePlayback, type PlayableMessage } from './use-message-playback';
import { usePlayFromLink } from './use-play-from-link';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/* Where a clicked notification about a voice message leads: the conversation, playing that message. */

const message = (id: string): PlayableMessage => ({ id, audioUrl: `/media/${id}.webm`, audioSources: [] });
const messages = [message('m1'), message('m2')];

function Conversation() {
  const playback = useMessagePlayback(messages, {
    isPlayed: () => false,
    onPlayed: () => undefined,
    onRefused: (id) => document.getElementById(`play-${id}`)?.focus(),
  });
  usePlayFromLink(messages, playback.toggle);
  return (
    <div>
      <audio {...playback.audioProps} />
      {messages.map(({ id }) => (
        <button key={id} id={`play-${id}`} type="button">
          Play {id}
        </button>
      ))}
    </div>
  );
}

let started: string[];
let refuse: boolean;

beforeEach(() => {
  started = [];
  refuse = false;
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLAudioElement) {
    // The browser's autoplay policy: without the person's gesture on this page, play() is refused.
    if (refuse) return Promise.reject(new DOMException('play() needs a gesture', 'NotAllowedError'));
    started.push(this.src.replace(/^.*\/media\//, ''));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function openAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Conversation />
    </Router>,
  );
  return location;
}

describe('a link that asks to play a message', () => {
  it('plays that message once, and drops the ask from the address so a reload does not play it again', async () => {
    const location = openAt('/conversations/c1?play=m2');
    await waitFor(() => expect(started).toEqual(['m2.webm']), { timeout: 2000 });
    expect(location.history.at(-1)).toBe('/conversations/c1');
    expect(started).toEqual(['m2.webm']);
  });

  it('focuses the message’s play button when the browser will not play on its own', async () => {
    refuse = true;
    openAt('/conversations/c1?play=m2');
    await waitFor(
      () => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Play m2' })),
      {
        timeout: 2000,
      },
    );
  });

  it('plays nothing without the ask, or for a message that is not there', () => {
    openAt('/conversations/c1?play=gone');
    openAt('/conversations/c1');
    expect(started).toEqual([]);
  });
});
