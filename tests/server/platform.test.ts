import { createHash } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createContext } from '../../src/server/context';
import { createDatabase, migrateAllDown, migrateToLatest } from '../../src/server/db/database';
import { migrations } from '../../src/server/db/migrations/index';
import { VIOLATIONS_LOGGED_PER_REPORT } from '../../src/server/routes/csp-reports';
import { createTestApp, createTestConfig, databaseKind, type TestApp } from './support/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

describe(`platform on ${databaseKind}`, () => {
  it('reports health for load balancers', async () => {
    const response = await testApp.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('answers unknown API paths and malformed bodies with a JSON message', async () => {
    const unknown = await testApp.app.inject({ url: '/api/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/Nothing is at GET \/api\/no-such-thing/);

    const malformed = await testApp.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('The request body is not valid JSON.');

    const wrongType = await testApp.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().message).toMatch(/JSON, a form/);
  });

  it('sends protective headers on every answer', async () => {
    const response = await testApp.app.inject({ url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('lets the sign-in page run its own inline script and no other', async () => {
    const page = await testApp.app.inject({ url: '/api/login' });
    const directives = new Map(
      String(page.headers['content-security-policy'])
        .split('; ')
        .map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)] as const),
    );
    const inline = /<script>([\s\S]*?)<\/script>/.exec(page.body)![1]!;
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(directives.get('script-src')).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('logs what the Content-Security-Policy blocked, as browsers report it', async () => {
    const report = {
      'csp-report': {
        'document-uri': 'http://localhost/profile',
        'violated-directive': 'script-src-elem',
        'blocked-uri': 'inline',
      },
    };
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/csp-reports',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify(report),
    });
    expect(response.statusCode).toBe(204);
    const kept = await testApp.app.inject({ url: '/api/test/csp-reports' });
    expect(kept.json()).toContainEqual({
      page: 'http://localhost/profile',
      directive: 'script-src-elem',
      blocked: 'inline',
    });
  });

  it('logs a few violations of a report that names hundreds, and how many more it named', async () => {
    const logged: { msg: string; violation?: unknown; notLogged?: number }[] = [];
    const { config, cleanup } = await createTestConfig();
    const context = await createContext(config);
    const app = await buildApp({
      ...context,
      log: pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) }),
    });
    try {
      const report = Array.from({ length: 500 }, (_, i) => ({
        type: 'csp-violation',
        body: {
          documentURL: `http://localhost/page/${i}`,
          effectiveDirective: 'img-src',
          blockedURL: 'data',
        },
      }));
      const response = await app.inject({
        method: 'POST',
        url: '/api/csp-reports',
        headers: { 'content-type': 'application/reports+json' },
        payload: JSON.stringify(report),
      });
      expect(response.statusCode).toBe(204);
      expect(logged.filter((line) => line.violation)).toHaveLength(VIOLATIONS_LOGGED_PER_REPORT);
      expect(logged).toContainEqual(
        expect.objectContaining({ notLogged: 500 - VIOLATIONS_LOGGED_PER_REPORT }),
      );
      expect(logged).toHaveLength(VIOLATIONS_LOGGED_PER_REPORT + 1);
    } finally {
      await app.close();
      await cleanup();
    }
  });

  it('takes CSP report bodies on the report route only', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({ email: 'someone@example.com', password: 'a password' }),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Send the request as JSON, a form or multipart data.');
  });

  it('migrates all the way down and back up again', async () => {
    const { config, cleanup } = await createTestConfig();
    const db = createDatabase(config.database);
    try {
      const schema = config.database.kind === 'postgres' ? config.database.schema : undefined;
      const tableNames = async () =>
        (await db.introspection.getTables())
          .filter((table) => schema === undefined || table.schema === schema)
          .map((table) => table.name)
          .sort();
      const up = await migrateToLatest(db, config.database);
      expect(up).toEqual(Object.keys(migrations).map((name) => `Up ${name}`));
      expect(await tableNames()).toEqual(expect.arrayContaining(['rate_limits', 'sessions', 'users']));

      const down = await migrateAllDown(db, config.database);
      expect(down).toEqual(
        Object.keys(migrations)
          .reverse()
          .map((name) => `Down ${name}`),
      );
      expect(await tableNames()).not.toEqual(expect.arrayContaining(['users']));
      expect((await tableNames()).filter((name) => !name.startsWith('kysely_'))).toEqual([]);

      expect(await migrateToLatest(db, config.database)).toEqual(up);
      expect(await migrateToLatest(db, config.database)).toEqual([]);
    } finally {
      await db.destroy();
      await cleanup();
    }
  });
});
