import { connectPostgres } from '../src/server/db/client';
import { daysEndingOn, refreshDailyFigures } from '../src/server/orders/daily-figures';
import { adminOverview } from '../src/server/orders/overview';
import { countAttention } from '../src/server/orders/attention';
const handle = connectPostgres('postgres://postgres@127.0.0.1:5432/figures_bench');
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!.toFixed(1);
const r: Record<string, number[]> = { refresh: [], overview: [], attention: [] };
for (let i = 0; i < 15; i++) {
  const now = new Date();
  let s = performance.now(); await refreshDailyFigures(handle.db, daysEndingOn(now, 30), now); r.refresh!.push(performance.now() - s);
  s = performance.now(); await countAttention(handle.db, now); r.attention!.push(performance.now() - s);
  s = performance.now(); await adminOverview(handle.db, now); r.overview!.push(performance.now() - s);
}
console.log(Object.entries(r).map(([k, v]) => `${k} ${med(v)}`).join(' | '));
await handle.close();
