import { configure } from '@testing-library/react';

// findBy… and waitFor wait for a condition; Testing Library's default of one second is a guess about how fast a
// shared machine loads a lazy chunk, not part of what the tests assert.
configure({ asyncUtilTimeout: 10_000 });
