import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredEncoding, registerApiCompression } from './content-encoding';

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('API answers', () => {
  const app = Fastify();
  const list = Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Operator ${i}` }));
  beforeAll(async () => {
    registerApiCompression(app);
    app.get('/api/list', async () => list);
    app.get('/api/small', async () => ({ ok: true }));
    app.get('/api/stream', async (_request, reply) => reply.type('text/csv').send(Readable.from(['a,b\n'.repeat(1000)])));
    app.get('/page', async () => list);
    await app.ready();
  });
  afterAll(() => app.close());

  it('above 1 kB go in brotli or gzip as the request accepts, the same JSON once decoded', async () => {
    const br = await app.inject({ url: '/api/list', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(list);
    const gzip = await app.inject({ url: '/api/list', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(list);
    const plain = await app.inject({ url: '/api/list' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(list);
  });

  it('small answers, streams and answers outside /api go as they are', async () => {
    for (const url of ['/api/small', '/api/stream', '/page']) {
      const answer = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(answer.headers['content-encoding'], url).toBeUndefined();
    }
  });
});
