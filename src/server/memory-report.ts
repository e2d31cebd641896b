/**
 * The server's memory, for the process that started it (bench/server-process.ts): when this process has an IPC
 * channel (spawned with one; a deployment's server has none), a `memory` message is answered with the process's
 * memory after a full garbage collection (when started with --expose-gc), so that a growth between two readings
 * is memory kept, not garbage not yet collected. Nothing of it is reachable over the network.
 */
export type MemoryReport = NodeJS.MemoryUsage & {
  type: 'memory';
  /** Whether a full collection ran first (the process was started with --expose-gc). */
  collected: boolean;
};

export function answerMemoryRequests(process: NodeJS.Process = globalThis.process): void {
  const send = process.send?.bind(process);
  if (!send) return;
  // The channel alone must not keep the server running once it is asked to stop.
  process.channel?.unref();
  process.on('message', (message: unknown) => {
    if ((message as { type?: unknown } | null)?.type !== 'memory') return;
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const report: MemoryReport = { type: 'memory', collected: Boolean(gc), ...process.memoryUsage() };
    send(report);
  });
}
