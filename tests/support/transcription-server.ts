import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the recogniser received it. */
export interface TranscriptionRequest {
  authorization: string | undefined;
  fields: Record<string, string[]>;
  /** The uploaded file's first bytes ("RIFF…WAVE" for a WAV). */
  fileHead: Buffer;
  fileBytes: number;
}

export interface TestTranscriptionServer {
  /** Its `/v1/audio/transcriptions` endpoint. */
  url: string;
  requests: TranscriptionRequest[];
  /** What it answers next: a status and a JSON body. */
  answer: { status: number; body: unknown };
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A stand-in for an OpenAI-compatible speech-recognition server (whisper.cpp's server, faster-whisper, LocalAI):
 * `POST /v1/audio/transcriptions` with a multipart `file` and `model`, answering `verbose_json` with word times
 * as OpenAI documents it (platform.openai.com/docs/api-reference/audio/createTranscription).
 */
export async function startTranscriptionServer(body: unknown): Promise<TestTranscriptionServer> {
  const requests: TranscriptionRequest[] = [];
  const state = { answer: { status: 200, body } };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request);
      if (request.method !== 'POST' || request.url !== '/v1/audio/transcriptions') {
        response.writeHead(404).end();
        return;
      }
      // The platform's own multipart parser reads the form as a server would.
      const form = await new Request('http://recogniser.test/', {
        method: 'POST',
        headers: { 'content-type': request.headers['content-type'] ?? '' },
        body: new Uint8Array(raw),
      }).formData();
      const fields: Record<string, string[]> = {};
      let file: Buffer = Buffer.alloc(0);
      for (const [name, value] of form) {
        if (typeof value === 'string') (fields[name] ??= []).push(value);
        else file = Buffer.from(await value.arrayBuffer());
      }
      requests.push({
        authorization: request.headers.authorization,
        fields,
        fileHead: file.subarray(0, 12),
        fileBytes: file.length,
      });
      response
        .writeHead(state.answer.status, { 'content-type': 'application/json' })
        .end(JSON.stringify(state.answer.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/audio/transcriptions`,
    requests,
    get answer() {
      return state.answer;
    },
    set answer(next) {
      state.answer = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
