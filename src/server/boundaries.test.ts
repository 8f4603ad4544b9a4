import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = import.meta.dirname;
const clientDir = path.resolve(serverDir, '../client');

/** Every module a file names: static imports and re-exports, `import()` and `require()`, which the lint rule does not read. */
function specifiersOf(text: string): string[] {
  const patterns = [
    /\bfrom\s+['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]/g,
    /\bimport\s+['"]([^'"]+)['"]/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]/g,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]!));
}

/** What in `dir` names browser code: the `@/` alias (src/client) or a path that leads into src/client. */
function clientImportsIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.[cm]?[jt]sx?$/.test(file))
    .flatMap((file) =>
      specifiersOf(readFileSync(path.join(dir, file), 'utf8'))
        .filter((specifier) => {
          if (specifier.startsWith('@/')) return true;
          if (!specifier.startsWith('.')) return false;
          const target = path.resolve(dir, path.dirname(file), specifier);
          return target === clientDir || target.startsWith(clientDir + path.sep);
        })
        .map((specifier) => `${file}: ${specifier}`),
    );
}

describe('the server', () => {
  it('imports nothing of the browser: what both need lives in src/shared', () => {
    expect(clientImportsIn(serverDir)).toEqual([]);
  });
});
