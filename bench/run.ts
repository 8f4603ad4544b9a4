/**
 * `npm run bench`: runs each benchmark in turn. Add a benchmark as a module and list it here. `-- --only=<name>,…`
 * runs only those, `-- --skip=<name>,…` all but those (e.g. `--skip=admin-orders,admin-export` where there is no PostgreSQL).
 */
import { isServerBuilt } from '../scripts/built-server';
import { runAdminExportBenchmark } from './admin-export';
import { runAdminOrdersBenchmark } from './admin-orders';
import { runAdminOverviewBenchmark } from './admin-overview';
import { runAdminSettlementBenchmark } from './admin-settlement';
import { runCheckoutThroughputBenchmark } from './checkout-throughput';
import { runCountriesThroughputBenchmark } from './countries-throughput';
import { runLighthouseBenchmark } from './lighthouse';
import { runOperatorDetectionBenchmark } from './operator-detection';
import { runReloadlyAdapterBenchmark } from './reloadly-adapter';
import { runStartupBenchmark } from './startup';

interface Benchmark {
  name: string;
  title: string;
  run: () => Promise<void>;
  /** Runs against dist/ (npm run build). */
  builtServer: boolean;
}

const benchmarks: Benchmark[] = [
  {
    name: 'lighthouse',
    title: 'Lighthouse, mobile profile, on / of the built server beside a bare Vite + React page (5 runs each)',
    run: runLighthouseBenchmark,
    // Builds the app itself when the build is not current.
    builtServer: false,
  },
  { name: 'startup', title: 'Cold start of the built server on an existing data directory (PGlite)', run: runStartupBenchmark, builtServer: true },
  {
    name: 'operator-detection',
    title: 'Operator detection on the sandbox provider (server-side time)',
    run: runOperatorDetectionBenchmark,
    builtServer: true,
  },
  {
    name: 'countries',
    title: `GET /api/countries at 50 connections vs a bare Fastify route`,
    run: runCountriesThroughputBenchmark,
    builtServer: true,
  },
  { name: 'reloadly-adapter', title: 'Reloadly adapter: upstream calls per detection', run: runReloadlyAdapterBenchmark, builtServer: true },
  {
    name: 'checkout',
    title: 'Checkout throughput: whole orders per second over HTTP (create intent, confirm, top-up)',
    run: runCheckoutThroughputBenchmark,
    builtServer: true,
  },
  {
    name: 'admin-orders',
    title: 'Operations console: the order list, search and attention queue on 1,000,000 orders (PostgreSQL, server-side time)',
    run: runAdminOrdersBenchmark,
    builtServer: false,
  },
  {
    name: 'admin-overview',
    title: 'Operations console: the overview of today, 7 and 30 days on 1,000,000 orders (PostgreSQL, server-side time)',
    run: runAdminOverviewBenchmark,
    builtServer: false,
  },
  {
    name: 'admin-settlement',
    title:
      'Operations console: the settlement of 30 days with its per-country and per-operator tables on 1,000,000 orders (PostgreSQL, server-side time)',
    run: runAdminSettlementBenchmark,
    builtServer: false,
  },
  {
    name: 'admin-export',
    title: 'Operations console: the orders CSV export of all 1,000,000 orders over HTTP (PostgreSQL, rows per second and peak memory)',
    run: runAdminExportBenchmark,
    builtServer: false,
  },
];

/** The names given to a `--flag=a,b` option, or undefined when it is absent. */
function namesOf(flag: string): Set<string> | undefined {
  const option = process.argv.slice(2).find((argument) => argument.startsWith(`${flag}=`));
  return option === undefined
    ? undefined
    : new Set(
        option
          .slice(flag.length + 1)
          .split(',')
          .filter(Boolean),
      );
}

const only = namesOf('--only');
const skip = namesOf('--skip') ?? new Set<string>();
const unknown = [...(only ?? []), ...skip].filter((name) => !benchmarks.some((benchmark) => benchmark.name === name));
if (unknown.length) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; the benchmarks are ${benchmarks.map((benchmark) => benchmark.name).join(', ')}`);
  process.exit(1);
}
const chosen = benchmarks.filter((benchmark) => (only ? only.has(benchmark.name) : true) && !skip.has(benchmark.name));

if (chosen.some((benchmark) => benchmark.builtServer) && !isServerBuilt()) {
  console.error('Run npm run build first');
  process.exit(1);
}

for (const benchmark of chosen) {
  console.log(`\n${benchmark.title}`);
  await benchmark.run();
}
