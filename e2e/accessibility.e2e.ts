import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useServerAndBrowser } from './fixtures';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const app = useServerAndBrowser();

interface AxeViolation {
  id: string;
  help: string;
  nodes: Array<{ target: string[] }>;
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

describe('accessibility of the home page', () => {
  it.each([
    ['en', 'light'],
    ['en', 'dark'],
    ['ar', 'light'],
    ['ar', 'dark'],
  ])('%s in the %s theme has no axe violations', async (language, theme) => {
    // axe is injected as an inline script, which the app's Content-Security-Policy rightly forbids.
    const page = await openPage(app.browser, app.server.url, { storage: { language, theme }, bypassCSP: true });
    await page.locator('footer').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
