import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A worker for every core: Vitest's default leaves one to its main process, which uses less than half of it
    // (the unit and API tests: 7.7 min on one worker, 4.9 on two, back to back on a 2-core machine).
    maxWorkers: availableParallelism(),
    // Any console.error during a test fails it (see src/server/testing/setup.ts).
    projects: [
      {
        test: {
          name: 'server',
          include: ['src/domain/**/*.test.ts', 'src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['src/testing/fail-on-console-error.ts'],
          // The files of a worker share their imported modules: each file builds its own app and database and
          // no module keeps a test's state, so importing the server afresh for every file only cost time (the
          // project 195 → 97 s on a 2-core machine, most of it the imports).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/testing/fail-on-console-error.ts', 'src/web/testing/isolate-tests.ts'],
          // Isolated, unlike the server's tests: a dozen files replace sonner with a mock (vi.mock), which in
          // shared modules would reach the files after them in the same worker.
          isolate: true,
          // Multi-step forms typed key by key take seconds on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each file starts its own server and browser; two at a time suits a 2-core machine. The browser
          // journeys run after the unit and API tests, in a group of their own. Their modules are shared as the
          // server tests' are (each file starts its own server on its own database).
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
