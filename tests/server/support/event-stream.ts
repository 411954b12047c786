import { setTimeout as sleep } from 'node:timers/promises';

export interface ReceivedEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/** An open GET /api/events response, read frame by frame as a browser's EventSource would. */
export interface EventStream {
  /** The next event (comments and the retry hint skipped), or a failure after `timeoutMs`. */
  next(timeoutMs?: number): Promise<ReceivedEvent>;
  /** Resolves when the server ends the stream, or fails after `timeoutMs`. */
  ended(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function openEventStream(
  origin: string,
  cookie: string,
  options: { lastEventId?: string; query?: string } = {},
): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/events${options.query ?? ''}`, {
    headers: {
      cookie,
      accept: 'text/event-stream',
      ...(options.lastEventId && { 'last-event-id': options.lastEventId }),
    },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) {
    throw new Error(`stream refused: ${response.status} ${await response.text()}`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let done = false;
  const frames: string[] = [];

  async function readFrame(timeoutMs: number): Promise<string | undefined> {
    const deadline = sleep(timeoutMs, 'timeout' as const, { ref: false });
    for (;;) {
      const frame = frames.shift();
      if (frame !== undefined) return frame;
      if (done) return undefined;
      const chunk = await Promise.race([reader.read(), deadline]);
      if (chunk === 'timeout') throw new Error(`no event within ${timeoutMs} ms`);
      if (chunk.done) {
        done = true;
        continue;
      }
      buffered += chunk.value;
      const parts = buffered.split('\n\n');
      buffered = parts.pop()!;
      frames.push(...parts);
    }
  }

  const stream: EventStream = {
    async next(timeoutMs = 15_000) {
      for (;;) {
        const frame = await readFrame(timeoutMs);
        if (frame === undefined) throw new Error('the stream ended');
        const fields = frame
          .split('\n')
          .filter((line) => !line.startsWith(':'))
          .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)] as const);
        const field = (name: string) => fields.find(([key]) => key === name)?.[1];
        const data = field('data');
        if (data === undefined) continue;
        return { id: field('id'), event: field('event') ?? 'message', data };
      }
    },
    async ended(timeoutMs = 15_000) {
      while ((await readFrame(timeoutMs)) !== undefined);
    },
    async close() {
      controller.abort();
      await reader.cancel().catch(() => {});
    },
  };
  // The server subscribes in the same tick as it writes the retry hint: from here on nothing is missed.
  const first = await readFrame(15_000);
  if (!first?.startsWith('retry:')) throw new Error(`the stream began with ${first}`);
  return stream;
}
