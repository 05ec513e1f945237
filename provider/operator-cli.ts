/*
 * Operator tools over HTTP against a running standalone provider (`npm run provider`).
 *
 *   npm run operator -- otp <phone>                    newest unused one-time code
 *   npm run operator -- credit <phone> <amount> [why]  credit (or debit with a negative amount), writes a bill
 *   npm run operator -- invite <code>                  add an invitation code
 *
 * PROVIDER_URL (default http://127.0.0.1:4000) and OPERATOR_KEY (default "dev-operator-key").
 * It never opens the database itself: a PGlite directory must only be opened by one process. With the provider
 * embedded in the Remix server, read the code from the server log line "[notifier] sms to <phone>: <code>".
 */
import { DEFAULT_OPERATOR_KEY } from "./config";

const base = (process.env.PROVIDER_URL || `http://127.0.0.1:${process.env.PROVIDER_PORT || 4000}`).replace(/\/+$/, "");
const key = process.env.OPERATOR_KEY || DEFAULT_OPERATOR_KEY;

async function call(method: "GET" | "POST", path: string, body?: unknown) {
  let res: Response;
  try {
    res = await fetch(`${base}/api/operator${path}`, {
      method,
      headers: { "x-operator-key": key, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    fail(`cannot reach the provider at ${base} (${(error as Error).message}). Is \`npm run provider\` running?`);
  }
  const reply = (await res.json().catch(() => undefined)) as { msg?: string; data?: any } | undefined;
  if (reply?.msg !== "ok") fail(`${res.status} ${JSON.stringify(reply)}`);
  return reply.data;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const [command, ...args] = process.argv.slice(2);
switch (command) {
  case "otp": {
    if (!args[0]) fail("usage: otp <phone>");
    const data = await call("GET", `/otp?user=${encodeURIComponent(args[0])}`);
    console.log(`${data.code}  (for ${data.user}, expires ${data.expires_at})`);
    break;
  }
  case "credit": {
    if (!args[0] || !args[1]) fail("usage: credit <phone> <amount> [reason]");
    const data = await call("POST", "/credit", { user: args[0], amount: args[1], reason: args.slice(2).join(" ") || "Operator adjustment" });
    console.log(`balance ${data.balance}`);
    break;
  }
  case "invite": {
    if (!args[0]) fail("usage: invite <code>");
    const data = await call("POST", "/invitation-codes", { code: args[0] });
    console.log(`invitation code ${data.code} is active`);
    break;
  }
  default:
    fail("commands: otp <phone> | credit <phone> <amount> [reason] | invite <code>");
}
