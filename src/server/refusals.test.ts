import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every refusal the server gives is a DomainError, and http/errors.ts alone turns its kind into a status and its
 * message into the answer's shape (ADR 004). These are the ways a refusal could go around that one place.
 */
const BYPASSES: Array<{ what: string; pattern: RegExp }> = [
  { what: 'a refusal built with its own status', pattern: /\bnew HttpError\b|(?<![\w.])refusal\(\s*\d/ },
  { what: 'a 4xx status set by hand', pattern: /\.(?:status|code)\(\s*4\d\d\b/ },
  { what: 'an error answer written by hand', pattern: /\bsuccess:\s*false\b/ },
  { what: "a kind's status read outside the error handler", pattern: /\bSTATUS_BY_DOMAIN_ERROR_KIND\b/ },
];

/** The answers that are not the product's refusals, each by its file and a text of its line. */
const ALLOWED: Array<{ file: string; line: string; why: string }> = [
  { file: 'http/errors.ts', line: '', why: 'the one place' },
  {
    file: 'http/auth.ts',
    line: 'success: false',
    why: "Better Auth's own answers, passed on with their status and marked as the product's error shape",
  },
  { file: 'http/account.ts', line: 'language: DEFAULT_LANGUAGE', why: "a visitor's settings: the defaults, not a refusal" },
];

/** The server's own code: what it answers with, not its tests and their helpers. */
function productionSources(): Array<{ file: string; lines: string[] }> {
  const dir = import.meta.dirname;
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.split(path.sep).includes('testing'))
    .map((file) => ({ file: file.split(path.sep).join('/'), lines: readFileSync(path.join(dir, file), 'utf8').split('\n') }));
}

describe('refusals', () => {
  const sources = productionSources();
  const found = sources.flatMap(({ file, lines }) =>
    lines.flatMap((line, index) =>
      BYPASSES.filter(({ pattern }) => pattern.test(line)).map(({ what }) => ({ file, line, at: `${file}:${index + 1} ${what}: ${line.trim()}` })),
    ),
  );
  const isAllowed = ({ file, line }: { file: string; line: string }) =>
    ALLOWED.some((allowed) => allowed.file === file && line.includes(allowed.line));

  it('are all DomainErrors, answered by http/errors.ts alone', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(found.filter((hit) => !isAllowed(hit)).map(({ at }) => at)).toEqual([]);
  });

  it('have no exception left that nothing needs', () => {
    const unused = ALLOWED.filter((allowed) => !found.some((hit) => hit.file === allowed.file && hit.line.includes(allowed.line)));
    expect(unused.map(({ file, line, why }) => `${file} "${line}": ${why}`)).toEqual([]);
  });
});
