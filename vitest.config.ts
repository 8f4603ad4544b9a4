import { defineConfig, mergeConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import viteConfig from './vite.config.ts';

/**
 * Test files that open a PGlite on disk: in a worker that already holds the in-memory test databases it runs many
 * times slower, so each of these gets a process of its own.
 */
const OWN_PROCESS = ['src/server/persistence.test.ts', 'src/server/admin-grant.test.ts', 'src/server/security/data-at-rest.test.ts'];

/**
 * A database test waits on its database more than it computes: four workers on two cores finish the unit tests in
 * little more than half the time two took, for the same CPU (ADR 072).
 */
/**
 * The end-to-end files that take longest, longest first: they start first, so that none of them is left running alone
 * at the end while the other workers have nothing to do (the screen audit alone takes several minutes on a busy machine).
 */
const LONGEST_FIRST = ['e2e/accessibility.e2e.ts', 'e2e/checkout.e2e.ts', 'e2e/saved-cards.e2e.ts', 'e2e/admin.e2e.ts'];

/** Vitest's order (the files that failed last, then the longest last time, else the largest), the longest known first. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((file, index) => ({ file, index }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
      .map(({ file }) => file);
  }
}

const UNIT = { environment: 'node', testTimeout: 30_000, hookTimeout: 60_000, maxWorkers: 4 };

export default mergeConfig(
  { resolve: viteConfig.resolve },
  defineConfig({
    root: import.meta.dirname,
    test: {
      sequence: { sequencer: LongestFirst },
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['src/**/*.test.{ts,tsx}'],
            exclude: OWN_PROCESS,
            globalSetup: ['src/server/testing/global-setup.ts'],
            ...UNIT,
            // A worker runs its files one after another in one module graph: the server's modules are loaded once per
            // worker and its databases are one of each kind per worker (src/server/testing/databases.ts), reset to the
            // seeded state before each test. Stubbed globals are put back after every test so none leaks into the next file.
            isolate: false,
            unstubGlobals: true,
            unstubEnvs: true,
          },
        },
        {
          extends: true,
          test: { name: 'unit:own-process', include: OWN_PROCESS, ...UNIT },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            include: ['e2e/**/*.e2e.ts'],
            globalSetup: ['e2e/global-setup.ts'],
            environment: 'node',
            testTimeout: 60_000,
            hookTimeout: 120_000,
            // A page answers in its own time: a busy machine can take seconds for what takes milliseconds on a quiet one.
            expect: { poll: { timeout: 10_000 } },
            // A test spends about half its time waiting on the page (timers, fades, polling) rather than computing: four
            // workers still left half of two cores idle in CI, six keep them busy (ADR 028, ADR 072).
            maxWorkers: 6,
            // Playwright and the helpers are loaded once per worker; each file starts its own server.
            isolate: false,
          },
        },
      ],
    },
  }),
);
