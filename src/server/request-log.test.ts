import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './testing/app';
import { openTestDatabase, type TestDatabase } from './testing/databases';

describe('request log', () => {
  let database: TestDatabase;
  const lines: Array<Record<string, unknown>> = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(() => database.close());

  it('writes exactly one line per request, with method, url, status and duration, and no stack for a bad body', async () => {
    const app = await buildApp({ config: testConfig({ LOG_LEVEL: 'info' }), database, logStream });
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: '{' });
    await app.close();
    const requestLines = lines.filter((line) => line.msg === 'request');
    expect(requestLines).toHaveLength(2);
    expect(requestLines[0]).toMatchObject({ method: 'GET', url: '/api/health', status: 200, ms: expect.any(Number) });
    expect(requestLines[1]).toMatchObject({ method: 'POST', url: '/api/contact', status: 400 });
    expect(lines.filter((line) => line.msg !== 'request' && line.level === 30 && String(line.msg).includes('request'))).toEqual([]);
    expect(JSON.stringify(lines)).not.toMatch(/"stack"/);
  });
});
