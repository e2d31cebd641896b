// The benchmarks' HTTP client: plain HTTP/1.1 over kept-alive sockets (node:http). fetch's own cost per request
// was about as much CPU as the server's, on the same two cores — a load generator should take as little as
// pgbench does.
import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

export function httpRequest(
  url: string,
  options: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; text: string }> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string | number> = { ...options.headers };
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(payload);
  }
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}
