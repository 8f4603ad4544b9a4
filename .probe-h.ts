// Time until / is taken over (a header link carries React's props), on slow 4G (150 ms, 1.6 Mbps), no CPU slowdown.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startBuiltServer, stopBuiltServer } from '/work/wt/lighthouse/scripts/built-server';
const server = await startBuiltServer(mkdtempSync(path.join(tmpdir(), 'probe-')));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const times: number[] = [];
const latency = Number(process.env.LATENCY ?? 150);
try {
  for (let run = 0; run < Number(process.env.RUNS ?? 5); run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    await page.goto(`${server.url}/`, { waitUntil: 'commit' });
    await page.waitForFunction(() => Object.keys(document.querySelector('header a') ?? {}).some((key) => key.startsWith('__reactProps')), null, { timeout: 60000, polling: 20 });
    const ms = await page.evaluate(() => performance.now());
    times.push(Math.round(ms));
    await context.close();
  }
} finally {
  await browser.close();
  await stopBuiltServer(server);
}
times.sort((a, b) => a - b);
console.log(`taken over after (ms): median ${times[Math.floor(times.length / 2)]}; ${times.join(' ')}`);
