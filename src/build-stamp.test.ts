import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { beginBuild, buildState, endBuild, inputsHash } from '../scripts/build-stamp';

const INPUTS = ['src', 'package-lock.json'];

describe('whether npm start must build first', () => {
  let root: string;
  let dist: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  const state = () => buildState(root, dist, INPUTS);
  /** A whole build: begin, the outputs, end. */
  const build = () => {
    beginBuild(root, dist, INPUTS);
    write('dist/server/main.js', 'server');
    write('dist/client/index.html', '<!doctype html>');
    endBuild(dist);
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'topup-build-stamp-'));
    dist = path.join(root, 'dist');
    write('src/server/main.ts', 'export {};');
    write('src/client/index.html', '<!doctype html>');
    write('package-lock.json', '{}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds when there is no build, and not after a build of the same sources', () => {
    expect(state()).toEqual({ current: false, reason: 'there is no build yet (no dist/server/main.js)' });
    build();
    expect(state()).toEqual({ current: true, reason: 'the build is current' });
  });

  it('builds again when a source, a new file or the lock file changed, not when a file is only touched or a test changed', () => {
    build();
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'src/server/main.ts'), later, later);
    write('src/server/main.test.ts', 'a test');
    expect(state().current).toBe(true);

    write('src/server/main.ts', 'export const changed = true;');
    expect(state()).toEqual({ current: false, reason: 'the sources changed since the last build' });
    build();
    write('src/shared/new.ts', 'export {};');
    expect(state().current).toBe(false);
    build();
    write('package-lock.json', '{"lockfileVersion":3}');
    expect(state().current).toBe(false);
    build();
    expect(state().current).toBe(true);
  });

  it('builds when the last build did not finish, or when its output is gone', () => {
    build();
    beginBuild(root, dist, INPUTS);
    expect(state()).toEqual({ current: false, reason: 'the last build did not finish, or was made before builds were stamped' });
    endBuild(dist);
    expect(state().current).toBe(true);
    rmSync(path.join(dist, 'client/index.html'));
    expect(state()).toEqual({ current: false, reason: 'there is no build yet (no dist/client/index.html)' });
  });

  it('takes the hash when the build begins: a source changed during the build makes the next start build again', () => {
    beginBuild(root, dist, INPUTS);
    write('src/server/main.ts', 'export const editedDuringTheBuild = true;');
    write('dist/server/main.js', 'server');
    write('dist/client/index.html', '<!doctype html>');
    endBuild(dist);
    expect(state().current).toBe(false);
  });

  it('hashes paths as well as contents', () => {
    const before = inputsHash(root, INPUTS);
    rmSync(path.join(root, 'src/server/main.ts'));
    write('src/server/start.ts', 'export {};');
    expect(inputsHash(root, INPUTS)).not.toBe(before);
  });
});
