/**
 * `npx tsx bench/in-process-call.ts`: what one in-process provider call costs the app, read as a Response
 * (`app.fetch` + `response.json()`) against `callInProcess` (docs/decisions/0295-in-process-provider-replies.md).
 * A real provider (PGlite in memory, or DATABASE_URL), a signed-in customer, alternating blocks of calls on the
 * endpoints a signed-in page asks for; prints this process's CPU µs per call (user + system: the app's and the
 * provider's work, not the wait for the database, so other work on the machine moves it less than wall time).
 *
 * `--promise-hooks`: instead, callInProcess with and without an AsyncLocalStorage turned on (what its first `run`
 * does to every promise of the process; docs/decisions/0296-no-promise-hooks-in-production.md).
 */
import { AsyncLocalStorage } from "node:async_hooks";

import { callInProcess, type ProviderReply } from "../provider/embedded";
import { createTestProvider } from "../provider/testing";

const hooks = process.argv.includes("--promise-hooks");
const p = await createTestProvider();
const login = await p.call("/api/stock/user/login", { body: { user: "9876543210", password: "demo1234" } });
const token = (login.body as { data: { token: string } }).data.token;
const paths = ["/api/stock/success/v2/user/info", "/api/stock/success/deal/positions", "/api/v2/stock/list?page=1"];
const request = (path: string) => new Request(`http://provider.internal${path}`, { headers: { token } });
const sides: Record<string, (path: string) => Promise<ProviderReply>> = {
  response: async (path) => p.app.fetch(request(path), { fromApp: true }),
  inProcess: (path) => callInProcess(p.app, request(path)),
};
if (hooks) {
  // "response" is then the same in-process call with promise hooks on.
  sides.response = (path) => callInProcess(p.app, request(path));
}
const [rounds = 8, perBlock = 300] = process.argv
  .slice(2)
  .filter((arg) => !arg.startsWith("--"))
  .map(Number);
const storage = new AsyncLocalStorage<true>();
const totals: Record<string, number[]> = { response: [], inProcess: [] };
for (let round = 0; round <= rounds; round++) {
  for (const name of round % 2 ? ["inProcess", "response"] : ["response", "inProcess"]) {
    if (hooks && name === "response") storage.enterWith(true);
    const started = process.cpuUsage();
    for (let i = 0; i < perBlock; i++) {
      const reply = await sides[name](paths[i % paths.length]);
      if (reply.status !== 200) throw new Error(`${name}: HTTP ${reply.status}`);
      await reply.json();
    }
    // Round 0 warms both up and is not counted.
    const used = process.cpuUsage(started);
    if (hooks) storage.disable();
    if (round > 0) totals[name].push((used.user + used.system) / perBlock);
  }
}
const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
const label = (name: string) => (hooks ? (name === "response" ? "hooks on" : "hooks off") : name);
for (const [name, list] of Object.entries(totals))
  console.log(
    `${label(name)}: ${mean(list).toFixed(0)} CPU µs per call (blocks ${list.map((x) => x.toFixed(0)).join(", ")})`,
  );
console.log(
  `${label("inProcess")}/${label("response")}: ${((mean(totals.inProcess) / mean(totals.response) - 1) * 100).toFixed(1)} %`,
);
await p.close();
