import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** What the audit holds the product to: WCAG 2.2 AA (with 2.0 and 2.1 A/AA) and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface AxeFinding {
  id: string;
  impact: Impact;
  line: string;
}

interface AxeViolation {
  id: string;
  help: string;
  impact: Impact | null;
  nodes: Array<{ target: string[] }>;
}

/** axe's findings on the page as it is now, with their impact (`tags` narrows the rules; all of axe's by default). */
export async function axeFindings(page: Page, tags?: string[]): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    // Only the violations are read: axe still runs every rule, but builds the selectors of every node for violations
    // alone (for passes and the rest, of one node each): a fifth to half of a run's time in the browser.
    const options = { resultTypes: ['violations'], ...(tags ? { runOnly: { type: 'tag', values: tags } } : {}) };
    return (await axe.run(document, options)).violations;
  }, tags);
  return violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? 'minor',
    line: `${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  }));
}

/** axe's findings on the page as it is now, as readable lines (empty when there are none). */
export async function axeViolations(page: Page, tags?: string[]): Promise<string[]> {
  return (await axeFindings(page, tags)).map((finding) => finding.line);
}
