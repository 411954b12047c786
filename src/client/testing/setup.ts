import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait for a condition; Testing Library's default of one second is a guess about how fast a
// shared machine loads a lazy chunk, not part of what the tests assert.
configure({ asyncUtilTimeout: 10_000 });

// Test files share a worker's document: nothing one test leaves in it (a portal, or the live region Radix's toast
// announcer removes only a second later) may be found by the next.
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});
