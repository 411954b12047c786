import { freePortInRange } from './fediverse-peer';
import { createTestApp, type TestApp } from './test-app';

/**
 * A test app federating as its own loopback address (a port of the team's range), listening there with its job
 * worker on: loopback on both sides, so the private-address exemption is what lets it and a test's peers reach
 * each other. `options` add to the test app's.
 */
export async function startFederatingApp(
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<{ testApp: TestApp; origin: string }> {
  const port = await freePortInRange();
  const origin = `http://127.0.0.1:${port}`;
  const testApp = await createTestApp(
    { PUBLIC_URL: origin, FEDERATION_ALLOW_PRIVATE_ADDRESSES: '1' },
    { runJobs: true, ...options },
  );
  await testApp.app.listen({ port, host: '127.0.0.1' });
  return { testApp, origin };
}
