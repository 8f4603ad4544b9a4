/** Upstream calls the Reloadly adapter makes per detection, counted by the local contract server. */
import { createReloadlyProvider } from '../src/server/topups/reloadly/client';
import { CO_PHONE, FakeReloadly, NG_PHONE } from '../tests/fakes/reloadly';

const DETECTIONS = 200;

export async function runReloadlyAdapterBenchmark(): Promise<void> {
  const fake = new FakeReloadly();
  await fake.start();
  try {
    const provider = createReloadlyProvider({ clientId: 'id', clientSecret: 'secret', sandbox: true, authUrl: fake.baseUrl, apiUrl: fake.baseUrl });
    const started = performance.now();
    // Ten at a time, the first ten arriving together before any token exists.
    for (let i = 0; i < DETECTIONS; i += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, j) => provider.detectOperator((i + j) % 2 ? CO_PHONE : NG_PHONE, (i + j) % 2 ? 'CO' : 'NG')));
    }
    const elapsed = performance.now() - started;
    console.log(
      `${DETECTIONS} detections: ${fake.apiRequests.length} upstream API calls (${(fake.apiRequests.length / DETECTIONS).toFixed(2)} per detection), ` +
        `${fake.tokenRequests.length} token request(s); ${(elapsed / DETECTIONS).toFixed(2)} ms per detection on loopback`,
    );
  } finally {
    await fake.stop();
  }
}
