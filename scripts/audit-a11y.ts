/**
 * `npm run audit:a11y`: every screen state (e2e/screen-audit.ts) in every language, theme and size against the built
 * server, with axe (WCAG 2.2 AA and best practice), raw translation keys, texts left in English, sideways scrolling and
 * keyboard focus that cannot be seen; prints one table. Like the benchmarks, it is not part of `npm test`, whose
 * accessibility test runs two of these combinations. `-- --only=ar-dark-phone,en-light-desktop` runs only those.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/browser';
import {
  auditAdminEmails,
  auditCombination,
  LANGUAGES,
  SIZES,
  THEMES,
  untranslated,
  type AuditSize,
  type Combination,
  type ScreenReport,
} from '../e2e/screen-audit';
import { freePort, isServerBuilt, startBuiltServer, stopBuiltServer } from './built-server';

const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const nameOf = ({ language, theme, size }: Combination) => `${language}-${theme}-${size}`;

async function main() {
  if (!isServerBuilt()) throw new Error('The audit runs the built server: run `npm run build` first.');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'topup-a11y-'));
  const port = String(await freePort());
  // The admins confirm their address by the link of an e-mail, which names PUBLIC_URL.
  const server = await startBuiltServer(dataDir, {
    NODE_ENV: 'test',
    TRUST_PROXY: '127.0.0.1',
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_EMAILS: auditAdminEmails(),
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  // English first in each theme and size: the other languages are compared with it.
  const combinations: Combination[] = [];
  for (const size of Object.keys(SIZES) as AuditSize[]) {
    for (const theme of THEMES) for (const language of LANGUAGES) combinations.push({ language, theme, size });
  }
  const results = new Map<string, ScreenReport[]>();
  const started = Date.now();
  try {
    for (const combination of combinations) {
      const name = nameOf(combination);
      if (
        only &&
        !only.includes(name) &&
        !(combination.language === 'en' && only.some((o) => o.endsWith(`-${combination.theme}-${combination.size}`)))
      )
        continue;
      process.stderr.write(`${name}… `);
      const reports = await auditCombination(browser, server.url, combination, { focus: true }).catch((error: Error) => {
        const cause = error.cause instanceof Error ? ` (${error.cause.message.split('\n')[0]})` : '';
        process.stderr.write(`failed: ${error.message.split('\n')[0]}${cause}\n`);
        return [] as ScreenReport[];
      });
      results.set(name, reports);
      process.stderr.write(`${reports.length} screens\n`);
    }
  } finally {
    await browser.close();
    await stopBuiltServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  printTable(results);
  console.log(
    `\n${[...results.values()].reduce((sum, reports) => sum + reports.length, 0)} screen scans in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}

function printTable(results: Map<string, ScreenReport[]>) {
  const rows: string[][] = [
    ['combination', 'screens', 'critical', 'serious', 'moderate', 'minor', 'raw keys', 'untranslated', 'overflow', 'focus hidden'],
  ];
  const overflowByScreen = new Map<string, string[]>();
  const violationIds = new Map<string, number>();
  const untranslatedTexts = new Map<string, Set<string>>();
  for (const [name, reports] of results) {
    const [language, theme, size] = name.split('-');
    const english = results.get(`en-${theme}-${size}`) ?? [];
    const count = (impact: string) => reports.reduce((sum, report) => sum + report.axe.filter((finding) => finding.impact === impact).length, 0);
    let untranslatedCount = 0;
    for (const report of reports) {
      for (const finding of report.axe)
        violationIds.set(`${finding.id} (${finding.impact})`, (violationIds.get(`${finding.id} (${finding.impact})`) ?? 0) + 1);
      const spills = report.spills ?? [];
      if (report.overflowPx > 0 || spills.length > 0) {
        const what = [report.overflowPx > 0 ? `scrolls +${report.overflowPx}px` : '', ...spills.map((spill) => `${spill} spills`)]
          .filter(Boolean)
          .join('; ');
        overflowByScreen.set(report.screen, [...(overflowByScreen.get(report.screen) ?? []), `${name}: ${what}`]);
      }
      if (language !== 'en') {
        const left = untranslated(
          report,
          english.find((candidate) => candidate.screen === report.screen),
        );
        untranslatedCount += left.length;
        for (const text of left) untranslatedTexts.set(language!, (untranslatedTexts.get(language!) ?? new Set()).add(text));
      }
    }
    rows.push([
      name,
      String(reports.length),
      String(count('critical')),
      String(count('serious')),
      String(count('moderate')),
      String(count('minor')),
      String(reports.reduce((sum, report) => sum + report.rawKeys.length, 0)),
      language === 'en' ? '–' : String(untranslatedCount),
      String(reports.filter((report) => report.overflowPx > 0 || (report.spills ?? []).length > 0).length),
      String(reports.reduce((sum, report) => sum + report.focusHidden.length, 0)),
    ]);
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows)
    console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '));
  console.log('\nViolations (rule, impact: scans):');
  for (const [id, times] of [...violationIds].sort((a, b) => b[1] - a[1])) console.log(`  ${id}: ${times}`);
  console.log('\nSideways scrolling, or words spilling out of their box (screen, then where):');
  for (const [screen, where] of overflowByScreen) console.log(`  ${screen}\n    ${where.join('\n    ')}`);
  console.log('\nTexts left in English (language: distinct texts):');
  for (const [language, texts] of untranslatedTexts)
    console.log(
      `  ${language}: ${[...texts]
        .slice(0, 15)
        .map((text) => JSON.stringify(text))
        .join(', ')}${texts.size > 15 ? ` … (${texts.size})` : ''}`,
    );
  const hidden = new Set(
    [...results.values()].flatMap((reports) => reports.flatMap((report) => report.focusHidden.map((what) => `${report.screen}: ${what}`))),
  );
  console.log('\nFocus not visible (screen: element):');
  for (const what of hidden) console.log(`  ${what}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
