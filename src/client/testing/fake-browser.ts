import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { installFakeXhr } from './fake-xhr';

/**
 * Small stand-ins for the browser APIs jsdom lacks (the microphone, MediaRecorder, layout, <audio> playback), for
 * component tests. They fake the browser only: our own modules always run for real.
 */

class FakeTrack {
  readonly kind = 'audio';
  stopped = false;
  stop() {
    this.stopped = true;
  }
}

class FakeStream {
  readonly track = new FakeTrack();
  getTracks() {
    return [this.track];
  }
  getAudioTracks() {
    return [this.track];
  }
}

/** Records "voice": stopping hands over one non-empty chunk, as a browser's recorder does. */
export class FakeMediaRecorder {
  static isTypeSupported(type: string) {
    return type === 'audio/webm';
  }
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  readonly mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(
    readonly stream: FakeStream,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? 'audio/webm';
  }
  start() {
    this.state = 'recording';
  }
  pause() {
    this.state = 'paused';
  }
  resume() {
    this.state = 'recording';
  }
  stop() {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['voice'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

class FakeResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

/** A microphone the person allows, a MediaRecorder, and the layout APIs the meters and previews call. */
export function installRecordingBrowser() {
  const getUserMedia = vi.fn(async () => new FakeStream() as unknown as MediaStream);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  // A take is previewed from an object URL.
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:take');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  installLayout();
  return { getUserMedia };
}

/**
 * ResizeObserver, scrolling into view, and a canvas without a 2D context (drawing is skipped, as on a browser
 * without one).
 */
export function installLayout() {
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  Element.prototype.scrollIntoView = () => undefined;
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
}

export function uninstallBrowserFakes() {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}

/**
 * For a test file: each test starts in a browser that records, its uploads going to `FakeXhr`, and ends with what
 * it rendered unmounted and the browser put back.
 */
export function recordingBrowserInEachTest() {
  beforeEach(() => {
    installRecordingBrowser();
    installFakeXhr();
  });
  afterEach(() => {
    cleanup();
    uninstallBrowserFakes();
  });
}
