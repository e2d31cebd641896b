import type { App } from './types.ts';

/**
 * Work a server does on its own, again and again while it runs: first when it is ready (awaited, so it has
 * run before the server takes requests) or `firstAfterMs` later, then every `everyMs`. A failure is logged
 * with `label` and the next run goes on; the timers neither keep the process alive nor outlive the server.
 */
export function scheduleBackgroundJob(
  app: App,
  job: { label: string; everyMs: number; firstAfterMs: number; run: () => Promise<unknown> },
): void {
  let timer: NodeJS.Timeout | null = null;
  const run = () => job.run().catch((error: unknown) => app.log.error({ err: error }, `${job.label} failed`));
  const repeat = () => {
    timer = setInterval(run, job.everyMs);
    timer.unref();
  };
  app.addHook('onReady', async () => {
    if (job.firstAfterMs === 0) {
      await run();
      repeat();
      return;
    }
    timer = setTimeout(() => {
      void run();
      repeat();
    }, job.firstAfterMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    // One timer at a time: the first run's, then the repeat's (Node clears either kind with clearTimeout).
    if (timer) clearTimeout(timer);
  });
}
