import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EMAIL_COLOUR_TOKENS, EMAIL_COLOURS } from './email-theme';

/** The light theme's custom properties, as src/client/styles.css declares them in `:root`. */
function lightTheme(): Map<string, string> {
  const css = readFileSync(new URL('../../client/styles.css', import.meta.url), 'utf8');
  const root = /(?:^|\n):root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  return new Map([...root.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((match) => [match[1]!, match[2]!.trim().toLowerCase()]));
}

describe('the e-mails’ colours', () => {
  it('are the product’s: each one the light theme’s token in the client’s style sheet', () => {
    const theme = lightTheme();
    expect(theme.size).toBeGreaterThan(10);
    for (const [name, token] of Object.entries(EMAIL_COLOUR_TOKENS)) {
      expect(EMAIL_COLOURS[name as keyof typeof EMAIL_COLOURS], `${name} (${token})`).toBe(theme.get(token));
    }
  });
});
