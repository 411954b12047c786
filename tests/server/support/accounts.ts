import { randomBytes } from 'node:crypto';
import type { CurrentUser } from '../../../src/shared/contract/users';
import type { App } from '../../../src/server/http/app-types';

export interface SignedIn {
  user: CurrentUser;
  /** The Cookie header value that carries this person's session. */
  cookie: string;
  email: string;
  password: string;
}

export function uniqueEmail(prefix = 'listener'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

export function sessionCookieFrom(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie.join('\n') : (setCookie ?? '');
  const match = /(?:^|\n)sid=([^;]*)/.exec(header);
  if (!match?.[1]) throw new Error(`no session cookie in: ${header}`);
  return `sid=${match[1]}`;
}

export async function signUp(
  app: App,
  fields: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<SignedIn> {
  const email = fields.email ?? uniqueEmail();
  const password = fields.password ?? 'correct horse battery';
  const response = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { ...fields, email, password },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return {
    user: response.json(),
    cookie: sessionCookieFrom(response.headers['set-cookie']),
    email,
    password,
  };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A JSON request as `who` (signed out when undefined). */
export function callAs(app: App, who: SignedIn | undefined, method: Method, url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });
}
