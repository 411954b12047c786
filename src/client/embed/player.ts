import { positionOf, seekElement } from '@client/lib/audio/element-seek';
import { attachListenReport } from '@client/lib/audio/listen-report';
import { formatDuration } from '@client/lib/format';
import { startSkippingSilence } from './skip-silence';
import { syncTranscript } from './transcript';

const RATES = [1, 1.25, 1.5, 2];
/** Arrow keys move this far; Page Up and Page Down three times as far. */
const STEP_SECONDS = 5;

function part<T extends HTMLElement>(root: HTMLElement, name: string): T {
  const element = root.querySelector<T>(`[data-${name}]`);
  if (!element) throw new Error(`The embed's page has no [data-${name}]`);
  return element;
}

/**
 * Plays here count as listens the app's would (the same report to the same route, under the same rules): a
 * signed-in person's cookie goes along only where the browser sends it to a framed site, else they count as a
 * visitor. Best effort, as in the app.
 */
function reportListens(audio: HTMLAudioElement, url: string | undefined): void {
  if (!url) return;
  attachListenReport(audio, (seconds, keepalive) => {
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds }),
      keepalive,
    }).catch(() => undefined);
  });
}

/**
 * The embed's player over the server's markup (src/server/services/embed-page.ts): play and pause, seeking on the
 * waveform by pointer or arrow keys, speed, skipping silence, time, and the transcript lit as it plays. Space or Enter anywhere but
 * on a control plays and pauses; arrows seek.
 */
export function startPlayer(root: HTMLElement): void {
  const audio = part<HTMLAudioElement>(root, 'audio');
  const play = part<HTMLButtonElement>(root, 'play');
  const seek = part<HTMLElement>(root, 'seek');
  const played = root.querySelector<SVGElement>('[data-played]')!;
  const current = part<HTMLElement>(root, 'current');
  const speed = part<HTMLButtonElement>(root, 'speed');
  const transcript = root.querySelector<HTMLElement>('[data-transcript]');
  const title = play.getAttribute('aria-label')!.replace(/^Play /, '');
  // The server measured it; a browser may not know a WebM recording's duration until it has played it all.
  const duration = Number(root.dataset.duration) || 0;
  part<HTMLElement>(root, 'total').textContent = formatDuration(duration);

  const seekTo = (time: number) => {
    seekElement(audio, Math.min(Math.max(time, 0), duration));
    show();
  };
  const lightWord = transcript
    ? syncTranscript(transcript, duration, (word) => {
        seekTo(word.start);
        if (audio.paused) void start();
      })
    : undefined;

  function show() {
    const time = Math.min(positionOf(audio), duration);
    const share = duration > 0 ? (time / duration) * 100 : 0;
    played.style.clipPath = `inset(0 ${100 - share}% 0 0)`;
    current.textContent = formatDuration(time);
    seek.setAttribute('aria-valuenow', String(Math.round(time)));
    seek.setAttribute('aria-valuetext', `${formatDuration(time)} of ${formatDuration(duration)}`);
    lightWord?.(time);
  }

  let frame = 0;
  const followPlayback = () => {
    show();
    frame = requestAnimationFrame(followPlayback);
  };
  const showState = () => {
    const playing = !audio.paused;
    root.classList.toggle('playing', playing);
    play.setAttribute('aria-label', `${playing ? 'Pause' : 'Play'} ${title}`);
    cancelAnimationFrame(frame);
    if (playing) followPlayback();
    else show();
  };
  const start = () => audio.play().catch(showState);
  const toggle = () => (audio.paused ? void start() : audio.pause());

  audio.addEventListener('play', showState);
  audio.addEventListener('pause', showState);
  audio.addEventListener('ended', showState);
  audio.addEventListener('timeupdate', show);
  play.addEventListener('click', toggle);
  play.disabled = false;

  speed.addEventListener('click', () => {
    const rate = RATES[(RATES.indexOf(audio.playbackRate) + 1) % RATES.length]!;
    audio.playbackRate = rate;
    speed.textContent = `${rate}×`;
    speed.setAttribute('aria-label', `Playback speed ${rate}×`);
  });

  const timeAt = (event: PointerEvent) => {
    const box = seek.getBoundingClientRect();
    return ((event.clientX - box.left) / box.width) * duration;
  };
  seek.addEventListener('pointerdown', (event) => {
    seek.setPointerCapture(event.pointerId);
    seekTo(timeAt(event));
  });
  seek.addEventListener('pointermove', (event) => {
    if (seek.hasPointerCapture(event.pointerId)) seekTo(timeAt(event));
  });

  const moves: Record<string, () => number> = {
    ArrowLeft: () => positionOf(audio) - STEP_SECONDS,
    ArrowDown: () => positionOf(audio) - STEP_SECONDS,
    ArrowRight: () => positionOf(audio) + STEP_SECONDS,
    ArrowUp: () => positionOf(audio) + STEP_SECONDS,
    PageDown: () => positionOf(audio) - 3 * STEP_SECONDS,
    PageUp: () => positionOf(audio) + 3 * STEP_SECONDS,
    Home: () => 0,
    End: () => duration,
  };
  startSkippingSilence(root, audio, duration);
  reportListens(audio, root.dataset.listens);
  document.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const onControl = event.target instanceof Element && event.target.closest('button, a') !== null;
    const move = moves[event.key];
    if (move && (!onControl || event.target === play)) {
      event.preventDefault();
      seekTo(move());
    } else if ((event.key === ' ' || event.key === 'Enter') && !onControl) {
      event.preventDefault();
      toggle();
    }
  });
  show();
}
