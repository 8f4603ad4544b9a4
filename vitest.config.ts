import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  { resolve: viteConfig.resolve },
  defineConfig({
    root: import.meta.dirname,
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['src/**/*.test.{ts,tsx}'],
            globalSetup: ['src/server/testing/global-setup.ts'],
            environment: 'node',
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
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
            maxWorkers: 2,
          },
        },
      ],
    },
  }),
);
