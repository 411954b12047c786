import { cleanup, configure } from '@testing-library/react';
import { afterAll, vi } from 'vitest';

// findBy… and waitFor wait for a condition; Testing Library's default of one second is a guess about how fast a
// shared machine loads a lazy chunk, not part of what the tests assert.
configure({ asyncUtilTimeout: 10_000 });

// The files of a worker share one document (vitest.config.ts). Each leaves it empty, and the app's modules, which
// keep state (the toasts, the playback preferences, a draft waiting for the editor), are loaded afresh for the next.
afterAll(() => {
  cleanup();
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  vi.resetModules();
});
