// The benchmarks' HTTP client: HTTP/1.1 written and read by hand over kept-alive TCP sockets. The load
// generator shares the two cores with the server and PostgreSQL, as pgbench's client shares them with
// PostgreSQL, so it should take as little of them as pgbench's does: fetch cost about as much CPU a request as
// the server; node:http's client still 0.2–0.5 ms a request (docs/performance.md, "Twenty-fifth pass"), more
// than a bare node:http server takes to answer. This one writes a request's bytes at once and reads only the
// status line, Content-Length (or the chunks) and the body.
import { connect, type Socket } from 'node:net';

export type HttpAnswer = { status: number; text: string };

type Pending = { resolve: (answer: HttpAnswer) => void; reject: (error: Error) => void };

/** One kept-alive connection, one request at a time. */
class Connection {
  readonly socket: Socket;
  #pending: Pending | null = null;
  /** What has come of the answer so far. */
  #data: Buffer = Buffer.alloc(0);
  /** Once the head is read: the status, and where the body ends (-1: chunked). */
  #head: { status: number; bodyStart: number; length: number; closes: boolean } | null = null;
  isBroken = false;

  constructor(host: string, port: number) {
    this.socket = connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.#onData(chunk));
    const fail = (error: Error) => {
      this.isBroken = true;
      const pending = this.#pending;
      this.#pending = null;
      pending?.reject(error);
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(new Error('The server closed the connection')));
  }

  send(request: Buffer): Promise<HttpAnswer> {
    return new Promise((resolve, reject) => {
      this.#pending = { resolve, reject };
      this.#data = Buffer.alloc(0);
      this.#head = null;
      this.socket.write(request);
    });
  }

  #onData(chunk: Buffer): void {
    const data = this.#data.length === 0 ? chunk : Buffer.concat([this.#data, chunk]);
    this.#data = data;
    if (this.#head === null) {
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return;
      this.#head = readHead(data.toString('latin1', 0, end), end + 4);
    }
    const { status, bodyStart, length, closes } = this.#head;
    let body: Buffer | null;
    if (length >= 0) {
      body = data.length >= bodyStart + length ? data.subarray(bodyStart, bodyStart + length) : null;
    } else {
      body = dechunk(data.subarray(bodyStart));
    }
    if (body === null) return;
    const pending = this.#pending;
    this.#pending = null;
    if (closes) {
      this.isBroken = true;
      this.socket.destroy();
    }
    pending?.resolve({ status, text: body.toString('utf8') });
  }
}

function readHead(head: string, bodyStart: number) {
  const status = Number(head.slice(9, 12));
  const lower = head.toLowerCase();
  const isChunked = /\r\ntransfer-encoding:[^\r]*chunked/.test(lower);
  const declared = /\r\ncontent-length:\s*(\d+)/.exec(lower)?.[1];
  const length = isChunked ? -1 : Number(declared ?? 0);
  return { status, bodyStart, length, closes: /\r\nconnection:\s*close/.test(lower) };
}

/** A whole chunked body, or null while its last chunk has not come. */
function dechunk(data: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(data.toString('latin1', at, lineEnd), 16);
    if (size === 0) return data.indexOf('\r\n', lineEnd + 2) < 0 ? null : Buffer.concat(parts);
    if (data.length < lineEnd + 2 + size + 2) return null;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** Idle connections by host:port. */
const idle = new Map<string, Connection[]>();

export async function httpRequest(
  url: string,
  options: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown } = {},
): Promise<HttpAnswer> {
  const { hostname, port, pathname, search } = new URL(url);
  const key = `${hostname}:${port}`;
  const payload = options.body === undefined ? '' : JSON.stringify(options.body);
  let head = `${options.method ?? 'GET'} ${pathname}${search} HTTP/1.1\r\nhost: ${key}\r\n`;
  for (const [name, value] of Object.entries(options.headers ?? {})) head += `${name}: ${value}\r\n`;
  if (options.body !== undefined) {
    head += `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n`;
  }
  const request = Buffer.from(`${head}\r\n${payload}`);
  const free = idle.get(key) ?? [];
  idle.set(key, free);
  let connection = free.pop();
  while (connection?.isBroken) connection = free.pop();
  connection ??= new Connection(hostname, Number(port) || 80);
  const answer = await connection.send(request);
  if (!connection.isBroken) free.push(connection);
  return answer;
}
