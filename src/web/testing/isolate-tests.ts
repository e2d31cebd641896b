import { afterEach } from 'vitest';
import { forgetUnreachableServer } from '../lib/offline/status.ts';

// The web tests of a file share one page and its modules: what one test left behind must not reach the next.
afterEach(() => {
  forgetUnreachableServer();
});
