import type { Post } from '../../src/shared/contract/posts';
import type { CurrentUser } from '../../src/shared/contract/users';
import { sessionCookieFrom, uniqueEmail } from '../server/support/accounts';
import { waitFor } from '../server/support/waits';

const REQUEST_TIMEOUT_MS = 30_000;

/** The app's HTTP API as one person: set-up for the flows and the server's own figures to check them by. */
export class Api {
  constructor(
    readonly origin: string,
    private readonly cookie: string,
  ) {}

  /** Signs a new person up; answers them and their API. */
  static async signUp(origin: string, firstName: string, lastName: string) {
    const response = await fetch(`${origin}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: uniqueEmail(firstName.toLowerCase()),
        password: 'engines password',
        firstName,
        lastName,
      }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (response.status !== 201)
      throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    const cookie = sessionCookieFrom(response.headers.getSetCookie());
    return { user: (await response.json()) as CurrentUser, api: new Api(origin, cookie) };
  }

  async get<T>(path: string): Promise<T> {
    return (await this.request('GET', path)).json() as Promise<T>;
  }

  /** The bytes at `path` (a media URL). */
  async bytes(path: string): Promise<Buffer> {
    return Buffer.from(await (await this.request('GET', path)).arrayBuffer());
  }

  async postJson<T>(path: string, body: unknown): Promise<T> {
    const response = await this.request('POST', path, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return response.json() as Promise<T>;
  }

  async putJson<T>(path: string, body: unknown): Promise<T> {
    const response = await this.request('PUT', path, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return response.json() as Promise<T>;
  }

  /** A multipart POST of `fields` and one audio file, as the app's forms send it. */
  async postAudio<T>(
    path: string,
    audio: { name: string; type: string; bytes: Buffer },
    fields: Record<string, string> = {},
  ): Promise<T> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('audio', new Blob([new Uint8Array(audio.bytes)], { type: audio.type }), audio.name);
    return (await this.request('POST', path, { body: form })).json() as Promise<T>;
  }

  /** Waits until the server has made the post's AAC rendition (its job worker), so it lists two sources. */
  postWithRendition(postId: string, timeoutMs = 30_000): Promise<Post> {
    return waitFor(
      async () => {
        const post = await this.get<Post>(`/api/posts/${postId}`);
        return post.audioSources.length > 1 ? post : undefined;
      },
      timeoutMs,
      `the AAC rendition of post ${postId}`,
    );
  }

  private async request(method: string, path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(new URL(path, this.origin), {
      ...init,
      method,
      headers: { ...(init.headers as Record<string, string>), cookie: this.cookie, origin: this.origin },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response;
  }
}
