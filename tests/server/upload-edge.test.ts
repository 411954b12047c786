import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedIn } from './support/accounts';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';

let testApp: TestApp;
let author: SignedIn;
let uploadsDir: string;

beforeAll(async () => {
  testApp = await createTestApp();
  author = await signUp(testApp.app);
  uploadsDir = path.join(testApp.config.dataDir, 'tmp', 'uploads');
  await mkdir(uploadsDir, { recursive: true });
});
afterAll(() => testApp?.close());

describe(`malformed multipart on ${databaseKind}`, () => {
  it('answers 400 with a message to a multipart body without a boundary', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { cookie: author.cookie, 'content-type': 'multipart/form-data' },
      payload: '--x\r\n',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/not valid multipart\/form-data/);
  });

  it('answers 400 to a body cut off inside a part, and keeps nothing', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { cookie: author.cookie, 'content-type': 'multipart/form-data; boundary=BB' },
      payload: '--BB\r\nContent-Disposition: form-data; name="audio"; filename="a"\r\n\r\nabc',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/arrived incomplete/);
    expect(await readdir(uploadsDir)).toEqual([]);
  });
});
