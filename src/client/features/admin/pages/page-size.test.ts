import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** A console page reads in one sitting: what grows past this goes into components/ (one folder per page when it has several). */
const MOST_LINES = 300;

const PAGES = readdirSync(new URL('.', import.meta.url)).filter((file) => file.endsWith('.tsx'));

describe('the console’s pages', () => {
  it('are all here', () => {
    expect(PAGES.length).toBeGreaterThanOrEqual(13);
  });

  it.each(PAGES)('%s is at most 300 lines', (file) => {
    const lines = readFileSync(new URL(file, import.meta.url), 'utf8')
      .trimEnd()
      .split('\n').length;
    expect(lines).toBeLessThanOrEqual(MOST_LINES);
  });
});
