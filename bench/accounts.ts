import type { App } from '../src/server/http/app-types';

/** A new person signed up through the app, with their session cookie. */
export async function signUpInBench(app: App, firstName: string): Promise<{ id: string; cookie: string }> {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      email: `${firstName.toLowerCase()}@bench.example`,
      password: 'correct horse battery',
      firstName,
    },
  });
  if (answer.statusCode !== 201) throw new Error(`sign-up failed: ${answer.statusCode} ${answer.body}`);
  return {
    id: answer.json<{ id: string }>().id,
    cookie: /^sid=[^;]*/.exec(String(answer.headers['set-cookie']))![0],
  };
}
