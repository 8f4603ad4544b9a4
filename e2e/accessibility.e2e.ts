import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, startTestServer, type TestServer } from './fixtures';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

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
    const page = await openPage(browser, server.url, { storage: { language, theme }, bypassCSP: true });
    await page.locator('footer').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
