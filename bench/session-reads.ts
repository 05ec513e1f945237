/**
 * `npx tsx bench/session-reads.ts [rounds] [perBlock]`: the CPU one signed-in document spends reading its session,
 * through the app's own functions in the order a document calls them: the root loader (`getSignedIn`,
 * `deviceSessionKey`), the route's loader (`requireUser`), entry.server (`keepSessionAlive`, `setOfflineHeaders`
 * with the root data). The provider's token check answers from a stub (its verdict is cached per token anyway), so
 * what is timed is the app's own work: cookie reads, token hashes, HMACs (docs/decisions/0310).
 * Each block uses fresh Request objects (Remix gives every loader its own); prints CPU µs per document.
 */
import { deviceSessionKey } from "../app/offline/session-key.server";
import { setProviderTransportForTests } from "../app/provider/transport.server";
import { commitSession, getSignedIn, keepSessionAlive, requireUser, startSession } from "../app/session/session.server";
import { setOfflineHeaders } from "../app/sw/offline-session.server";

setProviderTransportForTests(() => Response.json({ code: 200, msg: "ok", data: { balance: "1.00" } }));
const [rounds = 6, perBlock = 20_000] = process.argv.slice(2).map(Number);
const token = "t".repeat(43);
const cookie = (await commitSession(startSession({ token, user: { user: "9876543210", no: "1" } }))).split(";")[0];
const request = () => new Request("http://localhost/account", { headers: { Cookie: cookie } });

async function oneDocument(): Promise<void> {
  const signedIn = await getSignedIn(request());
  const rootData = { deviceKey: signedIn ? deviceSessionKey(signedIn.token) : null, toast: null };
  await requireUser(request());
  const headers = new Headers();
  const entry = request();
  await keepSessionAlive(entry, headers);
  await setOfflineHeaders(entry, headers, rootData);
}

const blocks: number[] = [];
for (let round = 0; round <= rounds; round++) {
  const started = process.cpuUsage();
  for (let i = 0; i < perBlock; i++) await oneDocument();
  const used = process.cpuUsage(started);
  // Round 0 warms up and is not counted.
  if (round > 0) blocks.push((used.user + used.system) / perBlock);
}
const mean = blocks.reduce((a, b) => a + b, 0) / blocks.length;
console.log(`${mean.toFixed(2)} CPU µs per document (blocks ${blocks.map((x) => x.toFixed(2)).join(", ")})`);
