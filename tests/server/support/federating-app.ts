import { freePortInRange } from './fediverse-peer';
import { createTestApp, type TestApp } from './test-app';

/** Tries before giving up on finding a port nobody else takes first. */
const PORT_ATTEMPTS = 5;

/**
 * A test app federating as its own loopback address (a port of the team's range), listening there with its job
 * worker on: loopback on both sides, so the private-address exemption is what lets it and a test's peers reach
 * each other. `options` add to the test app's.
 *
 * The app must know its address before it starts, so the port is found free first and listened on once the app
 * is made: in between, a suite running beside it (another worker, or CI's other pass) may take it. The app is then
 * closed and made again on another port (CI, 2 Dec: EADDRINUSE on a loaded machine).
 */
export async function startFederatingApp(
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<{ testApp: TestApp; origin: string }> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePortInRange();
    const origin = `http://127.0.0.1:${port}`;
    const testApp = await createTestApp(
      { PUBLIC_URL: origin, FEDERATION_ALLOW_PRIVATE_ADDRESSES: '1' },
      { runJobs: true, ...options },
    );
    try {
      await testApp.app.listen({ port, host: '127.0.0.1' });
      return { testApp, origin };
    } catch (error) {
      await testApp.close();
      const taken = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (!taken || attempt === PORT_ATTEMPTS) throw error;
    }
  }
}
