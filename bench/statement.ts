/**
 * `npx tsx bench/statement.ts [lines] [language]`: a statement of `lines` bills (default 10,000) downloaded, in
 * `language` (default en; e.g. zh for Chinese headings, docs/decisions/0510), through the app's
 * own route (app/routes/statements_.download.ts) from a real provider in process (PGlite, or PostgreSQL with
 * DATABASE_URL): time to the first byte, time to the last, and the process's peak RSS above where it started
 * (sampled every 5 ms), for CSV and PDF. Not a test: figures for docs/performance.md (docs/decisions/0462).
 */
import { register } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { sql } from "kysely";

// The Remix compiler's virtual server build, as the app's tests see it (vitest.config.ts).
const stand = pathToFileURL(path.resolve("tests/setup/server-build.ts")).href;
register(
  "data:text/javascript," +
    encodeURIComponent(
      `export async function resolve(s, c, next) { return next(s === "@remix-run/dev/server-build" ? ${JSON.stringify(stand)} : s, c); }`,
    ),
);

process.env.DEPLOYMENT ??= "INR";
process.env.SESSION_SECRET ??= "bench-secret-bench-secret-bench-secret";

const lines = Number(process.argv[2] ?? 10_000);
const language = process.argv[3] ?? "en";
process.env.VISIBLE_LOCALES = `en,${language}`;
const { createTestProvider, newTrader } = await import("../provider/testing");
const { sendProviderCallsTo } = await import("../app/testing/provider-double");
const { startSession, commitSession } = await import("../app/session/session.server");
const { loader } = await import("../app/routes/statements_.download");

const AT = new Date("2026-11-20T09:15:00Z");
const p = await createTestProvider({ now: () => AT });
sendProviderCallsTo((request) => p.fetch(request));
const trader = await newTrader(p, "100000.00");
// `lines` bills through November, each a rupee, the balance after each kept as the ledger keeps it.
await sql`insert into bills (user_id, type, amount, balance, reason, kind, created_at)
  select ${trader.id}, 'income', 1.00, 100000.00 + n, 'Bench credit ' || n, 'credit',
         timestamptz '2026-11-01 00:00:00+05:30' + (n * interval '1 second')
  from generate_series(1, ${lines}) as n`.execute(p.db);
const session = startSession({ token: trader.token, user: { user: trader.phone, no: String(trader.id) } });
const { localeCookie } = await import("../app/i18n/i18next.server");
const cookie = [await commitSession(session), await localeCookie.serialize(language)]
  .map((c) => c.split(";")[0])
  .join("; ");

async function measure(format: "csv" | "pdf") {
  global.gc?.();
  await new Promise((r) => setTimeout(r, 200));
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const started = performance.now();
  const request = new Request(
    `http://localhost/statements/download?kind=account&period=month&month=2026-11&format=${format}`,
    { headers: { Cookie: cookie, Host: "localhost" } },
  );
  const response = (await loader({ request, params: {}, context: {} })) as Response;
  const reader = response.body!.getReader();
  let first = 0;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!first) first = performance.now() - started;
    bytes += value.byteLength;
  }
  const total = performance.now() - started;
  clearInterval(sampler);
  return {
    format,
    status: response.status,
    firstByteMs: Math.round(first),
    lastByteMs: Math.round(total),
    bytes,
    peakRssGrowthMB: Math.round(((peak - before) / 1048576) * 10) / 10,
  };
}

const results = [];
for (const format of ["csv", "pdf", "csv", "pdf"] as const) results.push(await measure(format));
console.log(
  JSON.stringify({ lines, language, host: `${(await import("node:os")).cpus().length} cores`, results }, null, 2),
);
await p.close();
process.exit(0);
