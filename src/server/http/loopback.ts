import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * Whether a request comes from this machine itself. A reverse proxy on the same machine connects from
 * loopback too, so a request that carries forwarding headers counts as this machine only when TRUST_PROXY
 * lets Fastify replace request.ip with the forwarded client's address.
 */
export function isLoopbackRequest(request: FastifyRequest, trustProxy: boolean): boolean {
  const socketAddress = request.raw.socket.remoteAddress ?? '';
  if (!trustProxy) {
    const headers = request.headers;
    if (headers.forwarded || headers['x-forwarded-for'] || headers['x-real-ip']) return false;
    return LOOPBACK.test(socketAddress);
  }
  return LOOPBACK.test(request.ip);
}
