import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiRoute } from './api-route';

export type Encoding = 'br' | 'gzip';

/** The encoding to answer in: brotli when the request accepts it, else gzip, else none (a `;q=0` refuses one). */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding) => accepted.get(name) ?? (accepted.has('*') ? accepted.get('*')! : 0);
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
}

/** Adds `values` to the Vary header, keeping what is there. */
export function addVary(reply: FastifyReply, ...values: string[]) {
  const present = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  const missing = values.filter((value) => !present.some((known) => known.toLowerCase() === value.toLowerCase()));
  if (missing.length) reply.header('Vary', [...present, ...missing].join(', '));
}

/** Smaller answers gain less than the header and the work cost. */
export const API_COMPRESSION_MIN_BYTES = 1024;

const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  // A low brotli quality: answers are made per request, and quality 4 compresses JSON nearly as well as 11 at a
  // fraction of the CPU.
  br: (body) => promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => promisify(gzip)(body, { level: 6 }),
};

/**
 * API answers above API_COMPRESSION_MIN_BYTES are compressed for browsers that accept it (off the main thread, by
 * zlib's pool). Streams (the CSV export) and answers a route already encoded (the countries list) go as they are.
 */
export function registerApiCompression(app: FastifyInstance) {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!isApiRoute(request) || reply.hasHeader('content-encoding')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
    if (body.length < API_COMPRESSION_MIN_BYTES) return payload;
    addVary(reply, 'Accept-Encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('Content-Encoding', encoding);
    reply.removeHeader('content-length');
    return compressors[encoding](body);
  });
}
