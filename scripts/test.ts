/**
 * `npm test`: every check CI runs, side by side wherever one does not need another.
 *
 *   lint ───────────────
 *   typecheck ──────────
 *   test:unit ──────────┐
 *   build ──────────────┴► test:e2e (needs the build, and the machine to itself)
 *
 * Lint, typecheck, the unit tests and the build start at once; the end-to-end tests start when the build and the unit
 * tests are done. Six end-to-end files at a time keep both cores busy on their own (ADR 028, ADR 072): started beside the unit
 * tests they only slowed them fourfold, to the point of timing out, and finished no sooner. Each step's output is
 * printed whole when it ends, so parallel steps do not interleave; the first failure stops the rest and the exit code
 * is non-zero.
 */
import { spawn, type ChildProcess } from 'node:child_process';

interface Step {
  name: string;
  /** npm scripts run one after the other. */
  scripts: string[];
  env?: NodeJS.ProcessEnv;
  /** Steps that must have passed before the last of `scripts` starts. */
  lastAfter?: string[];
}

const STEPS: Step[] = [
  { name: 'lint', scripts: ['lint'] },
  { name: 'typecheck', scripts: ['typecheck'] },
  { name: 'unit tests', scripts: ['test:unit'] },
  // The build measures the first screen's size on the built server; here it fails the run above the budget.
  { name: 'build and end-to-end tests', scripts: ['build', 'test:e2e'], env: { BUNDLE_BUDGET: 'enforce' }, lastAfter: ['unit tests'] },
];

const running = new Set<ChildProcess>();
const started = Date.now();
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function runScript(script: string, output: Buffer[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    // A process group of its own, so stopping a step stops the tools it started (Vitest's workers, Chromium).
    const child = spawn('npm', ['run', '--silent', script], {
      detached: true,
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...env },
    });
    running.add(child);
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const passed = new Map<string, Promise<void>>();

async function runStep(step: Step): Promise<void> {
  const since = Date.now();
  const output: Buffer[] = [];
  for (const [index, script] of step.scripts.entries()) {
    if (index === step.scripts.length - 1 && step.lastAfter) {
      const waitStarted = Date.now();
      await Promise.all(step.lastAfter.map((name) => passed.get(name)));
      output.push(Buffer.from(`· waited ${seconds(waitStarted)} for ${step.lastAfter.join(', ')}\n`));
    }
    const scriptStarted = Date.now();
    const code = await runScript(script, output, step.env);
    if (step.scripts.length > 1) output.push(Buffer.from(`· npm run ${script}: ${seconds(scriptStarted)}\n`));
    if (code !== 0) {
      process.stdout.write(Buffer.concat(output));
      throw new Error(`${step.name} failed (npm run ${script}, exit code ${code}) after ${seconds(since)}`);
    }
  }
  process.stdout.write(Buffer.concat(output));
  console.log(`\n✔ ${step.name} passed in ${seconds(since)}\n`);
}

function stopAll() {
  for (const child of running) {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

try {
  for (const step of STEPS) passed.set(step.name, runStep(step));
  await Promise.all(passed.values());
  console.log(`All checks passed in ${seconds(started)}.`);
} catch (error) {
  stopAll();
  console.error(`\n✘ ${(error as Error).message}`);
  process.exit(1);
}
