import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { answerMemoryRequests, type MemoryReport } from './memory-report.ts';

describe('the memory report', () => {
  it('answers the process that started this one with its memory after a full collection', async () => {
    // A child as the benchmarks start the server: an IPC channel, the collector exposed; a timer keeps it
    // running, as the server's listening socket does.
    const child = spawn(
      process.execPath,
      [
        '--expose-gc',
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        "import('./src/server/memory-report.ts').then((m) => m.answerMemoryRequests()); setInterval(() => {}, 1000);",
      ],
      { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
    );
    try {
      const answer = new Promise<MemoryReport>((resolve) => child.once('message', resolve));
      // Asked until it answers: the module loads after the process starts.
      const ask = setInterval(() => child.connected && child.send({ type: 'memory' }), 100);
      const report = await answer.finally(() => clearInterval(ask));
      expect(report).toMatchObject({ type: 'memory', collected: true });
      expect(report.heapUsed).toBeGreaterThan(0);
      expect(report.rss).toBeGreaterThan(report.heapUsed);
    } finally {
      child.kill();
    }
  });

  it('listens for nothing in a process without a channel, and answers nothing but a memory request', () => {
    const alone = Object.assign(new EventEmitter(), { send: undefined });
    answerMemoryRequests(alone as unknown as NodeJS.Process);
    expect(alone.listenerCount('message')).toBe(0);

    const send = vi.fn();
    const child = Object.assign(new EventEmitter(), {
      send,
      channel: { unref: vi.fn() },
      memoryUsage: () => ({ rss: 5, heapUsed: 2, heapTotal: 3, external: 1, arrayBuffers: 0 }),
    });
    answerMemoryRequests(child as unknown as NodeJS.Process);
    child.emit('message', { type: 'shutdown' });
    expect(send).not.toHaveBeenCalled();
    child.emit('message', { type: 'memory' });
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ type: 'memory', rss: 5, heapUsed: 2 }));
    expect(child.channel.unref).toHaveBeenCalled();
  });
});
