import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One rule in one place (issue 25): access/ decides who may see, change or reach what. These checks keep the facts
// it weighs (blocks, suspension) and the refusals it gives (404, 403) out of the services and routes.
const SERVER = path.resolve(import.meta.dirname, '..');

function sourcesUnder(folder: string): string[] {
  return readdirSync(path.join(SERVER, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => path.join(folder, file));
}

const read = (file: string) => readFileSync(path.join(SERVER, file), 'utf8');
/** Everything that answers people or other servers: services, routes, federation and link previews. */
const deciders = [
  ...sourcesUnder('services'),
  ...sourcesUnder('routes'),
  ...sourcesUnder('federation'),
  ...sourcesUnder('link-previews'),
];

/** Where a service refuses for reasons of its own, not of access: the file and the words it says. */
const OWN_REFUSALS = new Map([
  ['services/account-deletion.ts', 'WRONG_PASSWORD_MESSAGE'],
  ['services/account-service.ts', 'SUSPENDED_MESSAGE'],
  ['services/moderation-service.ts', "'Nobody has reported this, or its reports are closed.'"],
  ['services/podcast-feed.ts', "'This post has no transcript.'"],
  ['federation/domain-blocks.ts', '`${domain} is not blocked.`'],
  // A post with a photo shares its photo; whether the asker may see the post at all, access/ decides.
  ['link-previews/link-previews.ts', "'This post has no share image, or it is not shared with you.'"],
]);

describe('the access module is the only one deciding', () => {
  it('is the only reader of blocks between people (the fact loaders in access/people.ts)', () => {
    const readers = deciders.filter((file) => /\b(blockedAmong|anyBlockWithin)\b/.test(read(file)));
    expect(readers).toEqual([]);
  });

  it('weighs suspension itself: no service, route or federation handler reads a person’s suspended_at to decide', () => {
    // The moderation queue shows it to moderators; signing in refuses one's own suspended account.
    const allowed = [
      'services/moderation-service.ts',
      'services/account-service.ts',
      'services/user-presenter.ts',
    ];
    const readers = deciders.filter((file) => !allowed.includes(file) && /suspended_at/.test(read(file)));
    expect(readers).toEqual([]);
  });

  it('keeps its loaders: no service or route is handed an action to check for others', () => {
    // A service's operation is an action; a function that takes one (find this post for `action`) is an access
    // loader, and lives in access/ beside the facts it loads.
    const loaders = deciders.filter((file) => /:\s*Action\b/.test(read(file)));
    expect(loaders).toEqual([]);
  });

  it('leaves suspended people out of lists with the fragments of db/queries/safety.ts alone', () => {
    // Sessions refuse a suspended person their own account; moderation sets and lifts it.
    const allowed = ['db/queries/safety.ts', 'db/queries/sessions.ts', 'db/queries/moderation.ts'];
    const readers = [...sourcesUnder('db/queries'), ...sourcesUnder('db/search')].filter(
      (file) => !allowed.includes(file) && /suspended_at/.test(read(file)),
    );
    expect(readers).toEqual([]);
  });

  it('gives every "not there" and "not allowed" itself: no service or route throws them by hand', () => {
    const refusals = deciders.flatMap((file) =>
      [...read(file).matchAll(/new (NotFoundError|ForbiddenError)\(([^)]*)\)/g)].map((match) => [
        file,
        match[2],
      ]),
    );
    expect(refusals).toEqual([...OWN_REFUSALS]);
  });
});
