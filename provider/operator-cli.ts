/*
 * Operator tools over HTTP (the key-guarded /api/operator endpoints).
 *
 *   npm run operator -- list                                  what waits: recharges, withdrawals, cards, kyc, loans
 *   npm run operator -- approve <recharge|withdraw|card|kyc|loan> <id>
 *   npm run operator -- reject  <recharge|withdraw|card|kyc|loan> <id> [reason]
 *   npm run operator -- repay <loan id>                       repay an unpaid loan from the customer's wallet
 *   npm run operator -- config [<tag> <value>]                show the config, or set one value
 *   npm run operator -- otp <phone>                           newest unused one-time code
 *   npm run operator -- credit <phone> <amount> [why]         credit (or debit with a negative amount), writes a bill
 *   npm run operator -- invite <code>                         add an invitation code
 *
 * Where it connects: PROVIDER_URL (a standalone provider, `npm run provider`, e.g. http://127.0.0.1:4000), else the
 * app itself at http://localhost:${PORT:-3000} (`npm start` serves the embedded provider's /api/operator/* on its own
 * port). OPERATOR_KEY must match the server's (default "dev-operator-key"). It never opens the database itself:
 * a PGlite directory must only be opened by one process.
 */
import { DEFAULT_OPERATOR_KEY } from "./config";

const base = (process.env.PROVIDER_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, "");
const key = process.env.OPERATOR_KEY || DEFAULT_OPERATOR_KEY;
const KINDS = ["recharge", "withdraw", "card", "kyc", "loan"];

async function call(method: "GET" | "POST", path: string, body?: unknown) {
  let res: Response;
  try {
    res = await fetch(`${base}/api${path}`, {
      method,
      headers: { "x-operator-key": key, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    fail(
      `cannot reach ${base} (${(error as Error).message}). Start the app (\`npm start\`, PORT) or a standalone ` +
        "provider (`npm run provider`) and set PROVIDER_URL to it.",
    );
  }
  const reply = (await res.json().catch(() => undefined)) as { msg?: string; data?: any } | undefined;
  if (reply?.msg !== "ok") {
    const data = reply?.data;
    fail(data?.code ? `${data.code}${data.message ? `: ${data.message}` : ""}` : `${res.status} ${JSON.stringify(reply)}`);
  }
  return reply.data;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function needId(raw: string | undefined, usage: string): number {
  if (!raw || !/^\d+$/.test(raw)) fail(`usage: ${usage}`);
  return Number(raw);
}

function needKind(raw: string | undefined, usage: string): string {
  if (!raw || !KINDS.includes(raw)) fail(`usage: ${usage} (kind: ${KINDS.join(", ")})`);
  return raw;
}

/** One line per record: what it is, its id, the customer, the figures that matter for the decision. */
function describe(kind: string, r: any): string {
  const when = String(r.created_at ?? "").slice(0, 19).replace("T", " ");
  switch (kind) {
    case "recharge":
      return `recharge #${r.id}  ${r.user}  ${r.count}  ${when}`;
    case "withdraw":
      return `withdraw #${r.id}  ${r.user}  ${r.count}  to ${r.card.bank} ${r.card.bank_card} (${r.card.bank_user}${r.card.ifsc ? `, ${r.card.ifsc}` : ""})  ${when}`;
    case "card":
      return `card #${r.id}  ${r.user}  ${r.bank}  ${r.bank_card}  ${r.bank_user}${r.ifsc ? `  ${r.ifsc}` : ""}  ${when}`;
    case "kyc":
      return `kyc #${r.id}  ${r.user}  ${r.real_name}  ${r.id_type} ${r.id_number}  photos ${r.id_number_img} ${r.id_number_img_two}  ${when}`;
    default:
      return `loan #${r.id}  ${r.user}  ${r.count}  ${when}`;
  }
}

const [command, ...args] = process.argv.slice(2);
switch (command) {
  case "list": {
    const data = await call("GET", "/operator/pending");
    const sections: [string, string, any[]][] = [
      ["recharge", "Recharges", data.recharges],
      ["withdraw", "Withdrawals", data.withdrawals],
      ["card", "Bank cards", data.cards],
      ["kyc", "Real-name (KYC)", data.kyc],
      ["loan", "Loans", data.loans],
    ];
    for (const [kind, title, rows] of sections) {
      console.log(`${title} waiting: ${rows.length}`);
      for (const r of rows) console.log(`  ${describe(kind, r)}`);
    }
    break;
  }
  case "approve":
  case "reject": {
    const usage = `${command} <kind> <id>${command === "reject" ? " [reason]" : ""}`;
    const kind = needKind(args[0], usage);
    const id = needId(args[1], usage);
    const reason = args.slice(2).join(" ").trim();
    const data = await call("POST", `/operator/${kind}/${id}/${command}`, command === "reject" && reason ? { reason } : {});
    console.log(`${command === "approve" ? "approved" : "rejected"}: ${describe(kind, { ...data, user: "" }).replace(/\s{2,}/g, "  ")}`);
    break;
  }
  case "repay": {
    const id = needId(args[0], "repay <loan id>");
    const data = await call("POST", `/operator/loan/${id}/repay`, {});
    console.log(`loan #${data.id} repaid (${data.count})`);
    break;
  }
  case "config": {
    if (args.length === 0) {
      for (const e of await call("GET", "/v2/config")) console.log(`${e.tag} = ${e.value}`);
      break;
    }
    if (args.length !== 2) fail("usage: config [<tag> <value>]");
    const data = await call("POST", "/operator/config", { tag: args[0], value: args[1] });
    console.log(`${data.tag} = ${data.value}`);
    break;
  }
  case "otp": {
    if (!args[0]) fail("usage: otp <phone>");
    const data = await call("GET", `/operator/otp?user=${encodeURIComponent(args[0])}`);
    console.log(`${data.code}  (for ${data.user}, expires ${data.expires_at})`);
    break;
  }
  case "credit": {
    if (!args[0] || !args[1]) fail("usage: credit <phone> <amount> [reason]");
    const data = await call("POST", "/operator/credit", { user: args[0], amount: args[1], reason: args.slice(2).join(" ") || "Operator adjustment" });
    console.log(`balance ${data.balance}`);
    break;
  }
  case "invite": {
    if (!args[0]) fail("usage: invite <code>");
    const data = await call("POST", "/operator/invitation-codes", { code: args[0] });
    console.log(`invitation code ${data.code} is active`);
    break;
  }
  default:
    fail(
      "commands: list | approve <kind> <id> | reject <kind> <id> [reason] | repay <loan id> | config [<tag> <value>] | " +
        `otp <phone> | credit <phone> <amount> [reason] | invite <code>   (kind: ${KINDS.join(", ")}; server: ${base})`,
    );
}
