/** `npm run bench`: runs each benchmark in turn against the built server. Add a benchmark as a module and list it here. */
import { isServerBuilt } from '../scripts/built-server';
import { runCheckoutThroughputBenchmark } from './checkout-throughput';
import { runCountriesThroughputBenchmark } from './countries-throughput';
import { runOperatorDetectionBenchmark } from './operator-detection';
import { runReloadlyAdapterBenchmark } from './reloadly-adapter';
import { runStartupBenchmark } from './startup';

const benchmarks: Array<{ title: string; run: () => Promise<void> }> = [
  { title: 'Cold start of the built server on an existing data directory (PGlite)', run: runStartupBenchmark },
  { title: 'Operator detection on the sandbox provider (server-side time)', run: runOperatorDetectionBenchmark },
  { title: `GET /api/countries at 50 connections vs a bare Fastify route`, run: runCountriesThroughputBenchmark },
  { title: 'Reloadly adapter: upstream calls per detection', run: runReloadlyAdapterBenchmark },
  { title: 'Checkout throughput: whole orders per second over HTTP (create intent, confirm, top-up)', run: runCheckoutThroughputBenchmark },
];

if (!isServerBuilt()) {
  console.error('Run npm run build first');
  process.exit(1);
}

for (const benchmark of benchmarks) {
  console.log(`\n${benchmark.title}`);
  await benchmark.run();
}
