import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { toFormData } from './multipart-form';
import { isAbortError, uploadErrorMessage, uploadWithProgress } from './upload-with-progress';

/**
 * Node has no XMLHttpRequest; this stand-in records what the upload asked for and lets each test play the
 * browser's side (progress, load, error, abort) through the same events a real one fires.
 */
class FakeXhr extends EventTarget {
  static last: FakeXhr;
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload = new EventTarget();

  constructor() {
    super();
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }
  respond(status: number, text: string, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = text;
    this.dispatchEvent(new Event('load'));
  }
  progress(loaded: number, total: number) {
    const event = Object.assign(new Event('progress'), { lengthComputable: true, loaded, total });
    this.upload.dispatchEvent(event);
  }
}

const newPost = () => toFormData('createPost', {}, { audio: { blob: new Blob(['x']), name: 'a.webm' } });

describe('uploadWithProgress', () => {
  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));
  afterEach(() => vi.unstubAllGlobals());

  it('posts the form to the endpoint with cookies, reports bytes sent and resolves with the JSON', async () => {
    const body = toFormData(
      'extendPost',
      { duration: '2' },
      { audio: { blob: new Blob(['x']), name: 'a.webm' } },
    );
    const progress: Array<[number, number]> = [];
    const done = uploadWithProgress('extendPost', {
      params: { id: 'post 1' },
      body,
      onProgress: ({ loaded, total }) => progress.push([loaded, total]),
    });
    const request = FakeXhr.last;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/posts/post%201/extend');
    expect(request.withCredentials).toBe(true);
    expect(request.body).toBe(body);
    request.progress(50, 200);
    request.progress(200, 200);
    request.respond(200, JSON.stringify({ id: 'post 1', duration: 12 }));
    await expect(done).resolves.toEqual({ id: 'post 1', duration: 12 });
    expect(progress).toEqual([
      [50, 200],
      [200, 200],
    ]);
  });

  it('rejects with an ApiError worded like apiRequest’s, and the server message can be shown', async () => {
    const done = uploadWithProgress('createPost', { body: newPost() });
    FakeXhr.last.respond(413, '{"message":"Please select an audio file smaller than 100MB."}');
    const error = await done.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
    expect((error as ApiError).message).toBe(
      '413: {"message":"Please select an audio file smaller than 100MB."}',
    );
    expect(uploadErrorMessage(error)).toBe('Please select an audio file smaller than 100MB.');
  });

  it('uses the status text when the body is empty', async () => {
    const done = uploadWithProgress('createPost', { body: newPost() });
    FakeXhr.last.respond(502, '', 'Bad Gateway');
    await expect(done).rejects.toThrow('502: Bad Gateway');
  });

  it('cancels the request when the signal aborts', async () => {
    const controller = new AbortController();
    const done = uploadWithProgress('createPost', { body: newPost(), signal: controller.signal });
    controller.abort();
    const error = await done.catch((caught: unknown) => caught);
    expect(FakeXhr.last.aborted).toBe(true);
    expect(isAbortError(error)).toBe(true);
  });

  it('reports a network failure as an error of its own', async () => {
    const done = uploadWithProgress('createPost', { body: newPost() });
    FakeXhr.last.dispatchEvent(new Event('error'));
    await expect(done).rejects.toThrow(/could not reach the server/);
  });
});

describe('uploadErrorMessage', () => {
  it('shows plain-text bodies and other errors as they are', () => {
    expect(uploadErrorMessage(new ApiError(500, '500: Internal Server Error'))).toBe('Internal Server Error');
    expect(uploadErrorMessage(new Error('boom'))).toBe('boom');
    expect(uploadErrorMessage('??')).toBe('Something went wrong. Please try again.');
  });
});
