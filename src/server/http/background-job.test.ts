import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduleBackgroundJob } from './background-job.ts';
import type { App } from './types.ts';

afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 60 * 60_000;

describe('background jobs', () => {
  it('run at ready or later, then every period, go on after a failure, and stop with the server', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    const app = Fastify() as unknown as App;
    const errors: string[] = [];
    vi.spyOn(app.log, 'error').mockImplementation(((_object: unknown, message: string) => {
      errors.push(message);
    }) as never);
    let atReady = 0;
    let later = 0;
    scheduleBackgroundJob(app, {
      label: 'clean-up',
      everyMs: HOUR,
      firstAfterMs: 0,
      run: async () => atReady++,
    });
    scheduleBackgroundJob(app, {
      label: 'upkeep',
      everyMs: HOUR,
      firstAfterMs: 5 * 60_000,
      run: async () => {
        later++;
        throw new Error('database away');
      },
    });
    await app.ready();
    expect([atReady, later]).toEqual([1, 0]);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect([atReady, later]).toEqual([1, 1]);
    expect(errors).toEqual(['upkeep failed']);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect([atReady, later]).toEqual([2, 2]);
    await app.close();
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect([atReady, later]).toEqual([2, 2]);
  });
});
