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
 * Products (docs/provider-api.md "Products"):
 *   npm run operator -- offer create <bulk|finalize> <symbol> <price> [min count] [days open] [--needs-rate]
 *   npm run operator -- offer close <offer id> | offer rate <offer id> <rate>
 *   npm run operator -- ipo create <symbol> <issue price> <min> <max> <start date> <end date> [company name]
 *   npm run operator -- ipo status <ipo id> <Forthcoming|Closed|Listed>
 *   npm run operator -- allot <application id> <count>        allot part (approve ipo <id> allots all)
 *   npm run operator -- reject ipo <application id> [reason]  nothing allotted, the hold goes back
 *   npm run operator -- fund create <name> <min %> <max %> <days> <minimum> <issue amount>
 *   npm run operator -- fund cancel <fund order id> | mature  pay out every fund order due now
 *   npm run operator -- news <title> <html> [subhead]         publish an article (HTML stored as given)
 *   npm run operator -- reply <phone> <text> | chat <phone>   answer / read a customer's conversation
 *   npm run operator -- two-factor-reset <phone> <identity check...>   turn a customer's two-factor off (logged)
 *
 * Market (docs/decisions/0363-operator-price-paths.md):
 *   npm run operator -- price <symbol> <price> [<price>...] [--every <seconds>]   set its price (a path: each price
 *                                                             held --every seconds, default 60, the last one kept)
 *   npm run operator -- price <symbol> clear                  back to the simulator's price
 *   npm run operator -- expire <order no>                    end an open order now, as at its expiry
 *
 * Where it connects: PROVIDER_URL (a standalone provider, `npm run provider`, e.g. http://127.0.0.1:4000), else the
 * app itself at http://localhost:${PORT:-3000} (`npm start` serves the embedded provider's /api/operator/* on its own
 * port). The key: OPERATOR_KEY when set (it must match the server's), else the one the server made at its first start
 * in <DATA_DIR>/operator.key (DATA_DIR as the server's, default .data/provider), on the same machine
 * (docs/decisions/0180-operator-key.md). It never opens the database itself: a PGlite directory must only be opened
 * by one process.
 */
import { OperatorKeyFileError, operatorKeyPath, readOperatorKeyFile } from "./operator-key";

const base = (process.env.PROVIDER_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, "");
const keyFile = operatorKeyPath(process.env.DATA_DIR || ".data/provider");
let key: string | undefined; // read on the first call, so a usage message needs no key

function keyFromFile(): string {
  try {
    return readOperatorKeyFile(keyFile);
  } catch (error) {
    if (!(error instanceof OperatorKeyFileError)) throw error;
    fail(
      `no operator key: OPERATOR_KEY is not set and ${error.message}. Set OPERATOR_KEY to the server's key, or run ` +
        "this on the server's machine, as its user, with the server's DATA_DIR (the server makes the key at its first start).",
    );
  }
}
const KINDS = ["recharge", "withdraw", "card", "kyc", "loan", "ipo"];

async function call(method: "GET" | "POST", path: string, body?: unknown) {
  let res: Response;
  try {
    res = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        "x-operator-key": (key ??= process.env.OPERATOR_KEY || keyFromFile()),
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    fail(
      `cannot reach ${base} (${(error as Error).message}). Start the app (\`npm start\`, PORT) or a standalone ` +
        "provider (`npm run provider`) and set PROVIDER_URL to it.",
    );
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- operator records are printed field by field, as the API returns them
  const reply = (await res.json().catch(() => undefined)) as { msg?: string; data?: any } | undefined;
  if (reply?.msg !== "ok") {
    const data = reply?.data;
    if (data?.code === "forbidden") {
      fail(
        `forbidden: ${base} refused the operator key (${process.env.OPERATOR_KEY ? "OPERATOR_KEY" : keyFile}); ` +
          "it must be the key of the server this talks to.",
      );
    }
    fail(
      data?.code ? `${data.code}${data.message ? `: ${data.message}` : ""}` : `${res.status} ${JSON.stringify(reply)}`,
    );
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
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- operator records are printed field by field, as the API returns them
function describe(kind: string, r: any): string {
  const when = String(r.created_at ?? "")
    .slice(0, 19)
    .replace("T", " ");
  switch (kind) {
    case "recharge":
      return `recharge #${r.id}  ${r.user}  ${r.count}  ${when}`;
    case "withdraw":
      return `withdraw #${r.id}  ${r.user}  ${r.count}  to ${r.card.bank} ${r.card.bank_card} (${r.card.bank_user}${r.card.ifsc ? `, ${r.card.ifsc}` : ""})  ${when}`;
    case "card":
      return `card #${r.id}  ${r.user}  ${r.bank}  ${r.bank_card}  ${r.bank_user}${r.ifsc ? `  ${r.ifsc}` : ""}  ${when}`;
    case "kyc":
      return `kyc #${r.id}  ${r.user}  ${r.real_name}  ${r.id_type} ${r.id_number}  photos ${r.id_number_img} ${r.id_number_img_two}  ${when}`;
    case "ipo":
      return `ipo application #${r.id}  ${r.user}  ${r.count} ${r.symbol} @ ${r.price}  held ${r.wallet_amount ?? r.amount}${r.status === 2 ? `  allotted ${r.allotted_count}` : ""}  ${when}`;
    case "chat":
      return `chat  ${r.user}  "${String(r.content).slice(0, 60)}"  ${when}`;
    default:
      return `loan #${r.id}  ${r.user}  ${r.count}  ${when}`;
  }
}

const [command, ...args] = process.argv.slice(2);
switch (command) {
  case "list": {
    const data = await call("GET", "/operator/pending");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- operator records are printed field by field, as the API returns them
    const sections: [string, string, any[]][] = [
      ["recharge", "Recharges waiting", data.recharges],
      ["withdraw", "Withdrawals waiting", data.withdrawals],
      ["card", "Bank cards waiting", data.cards],
      ["kyc", "Real-name (KYC) waiting", data.kyc],
      ["loan", "Loans waiting", data.loans],
      ["ipo", "IPO applications waiting", data.ipo_applications ?? []],
      ["chat", "Chats waiting for a reply", data.chats ?? []],
    ];
    for (const [kind, heading, rows] of sections) {
      console.log(`${heading}: ${rows.length}`);
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
    const data = await call(
      "POST",
      `/operator/${kind}/${id}/${command}`,
      command === "reject" && reason ? { reason } : {},
    );
    console.log(
      `${command === "approve" ? "approved" : "rejected"}: ${describe(kind, { ...data, user: "" }).replace(/\s{2,}/g, "  ")}`,
    );
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
    const data = await call("POST", "/operator/credit", {
      user: args[0],
      amount: args[1],
      reason: args.slice(2).join(" ") || "Operator adjustment",
    });
    console.log(`balance ${data.balance}`);
    break;
  }
  case "invite": {
    if (!args[0]) fail("usage: invite <code>");
    const data = await call("POST", "/operator/invitation-codes", { code: args[0] });
    console.log(`invitation code ${data.code} is active`);
    break;
  }
  case "offer": {
    const [verb, ...rest] = args;
    if (verb === "create") {
      const flags = rest.filter((a) => a.startsWith("--"));
      const [mold, tag, price, min, days] = rest.filter((a) => !a.startsWith("--"));
      if (!mold || !tag || !price)
        fail("usage: offer create <bulk|finalize> <symbol> <price> [min count] [days open] [--needs-rate]");
      const opens = new Date();
      const body: Record<string, unknown> = { mold, tag, price, rate_required: flags.includes("--needs-rate") };
      if (min) body.min_count = min;
      if (days)
        body.closes_at = new Date(
          opens.getTime() + needId(days, "offer create ... [days open]") * 86_400_000,
        ).toISOString();
      const o = await call("POST", "/operator/offers", body);
      console.log(
        `offer #${o.id} ${o.mold} ${o.tag} @ ${o.price}, min ${o.min_count}, open until ${o.closes_at}${o.rate_required ? ", needs an exchange rate" : ""}`,
      );
    } else if (verb === "close") {
      const o = await call("POST", "/operator/offers/close", { id: needId(rest[0], "offer close <offer id>") });
      console.log(`offer #${o.id} closed`);
    } else if (verb === "rate") {
      if (!rest[1]) fail("usage: offer rate <offer id> <rate>");
      const o = await call("POST", "/operator/offers/rate", {
        id: needId(rest[0], "offer rate <offer id> <rate>"),
        rate: rest[1],
      });
      console.log(`offer #${o.id} exchange rate ${o.exchange_rate}`);
    } else fail("usage: offer create|close|rate ...");
    break;
  }
  case "ipo": {
    const [verb, ...rest] = args;
    if (verb === "create") {
      const [symbol, issue_price, min, max, start, end, ...company] = rest;
      if (!end) fail("usage: ipo create <symbol> <issue price> <min> <max> <start date> <end date> [company name]");
      const i = await call("POST", "/operator/ipos", {
        symbol,
        issue_price,
        min,
        max,
        issue_start_date: start,
        issue_end_date: end,
        ...(company.length ? { company_name: company.join(" ") } : {}),
      });
      console.log(`ipo #${i.id} ${i.symbol} (${i.company_name}) @ ${i.issue_price}, ${i.min}..${i.max}, ${i.status}`);
    } else if (verb === "status") {
      if (!rest[1]) fail("usage: ipo status <ipo id> <Forthcoming|Closed|Listed>");
      const i = await call("POST", "/operator/ipos/status", {
        id: needId(rest[0], "ipo status <ipo id> <status>"),
        status: rest[1],
      });
      console.log(`ipo #${i.id} ${i.symbol} is ${i.status}`);
    } else fail("usage: ipo create|status ...");
    break;
  }
  case "allot": {
    const usage = "allot <application id> <count>";
    const a = await call("POST", "/operator/ipo-applications/allot", {
      id: needId(args[0], usage),
      count: needId(args[1], usage),
    });
    console.log(`allotted: ${describe("ipo", { ...a, user: "" }).replace(/\s{2,}/g, "  ")}; returned ${a.refunded}`);
    break;
  }
  case "fund": {
    const [verb, ...rest] = args;
    if (verb === "create") {
      const [name, min_return, max_return, days, amount, issue_amount] = rest;
      if (!issue_amount) fail("usage: fund create <name> <min %> <max %> <days> <minimum> <issue amount>");
      const f = await call("POST", "/operator/funds", {
        name,
        min_return,
        max_return,
        investment_period: days,
        amount,
        issue_amount,
      });
      console.log(
        `fund #${f.id} ${f.name}: ${f.min_return}-${f.max_return} % over ${f.investment_period} days, from ${f.amount}`,
      );
    } else if (verb === "cancel") {
      const o = await call("POST", "/operator/fund-orders/cancel", {
        id: needId(rest[0], "fund cancel <fund order id>"),
      });
      console.log(`fund order #${o.id} cancelled (${o.amount} returned)`);
    } else fail("usage: fund create|cancel ...");
    break;
  }
  case "mature": {
    const data = await call("POST", "/operator/funds/mature", {});
    console.log(`matured: ${data.matured.length}`);
    for (const o of data.matured)
      console.log(`  fund order #${o.id}  ${o.project.name}  ${o.amount} + ${o.expected_return}`);
    break;
  }
  case "news": {
    if (!args[0] || !args[1]) fail("usage: news <title> <html> [subhead]");
    const n = await call("POST", "/operator/news", {
      title: args[0],
      content: args[1],
      ...(args[2] ? { subhead: args[2] } : {}),
    });
    console.log(`news #${n.id} published (${n.slug})`);
    break;
  }
  case "reply": {
    if (!args[0] || args.length < 2) fail("usage: reply <phone> <text>");
    const m = await call("POST", "/operator/chat/reply", { user: args[0], content: args.slice(1).join(" ") });
    console.log(`replied to ${m.user} (message #${m.id})`);
    break;
  }
  case "chat": {
    if (!args[0]) fail("usage: chat <phone>");
    const data = await call("GET", `/operator/chat?user=${encodeURIComponent(args[0])}`);
    for (const m of data.rows)
      console.log(
        `${m.created_at.slice(0, 19).replace("T", " ")}  ${m.sender === "customer" ? data.user : m.sender}: ${m.content}`,
      );
    break;
  }
  case "two-factor-reset": {
    if (!args[0] || args.length < 2) fail("usage: two-factor-reset <phone> <how the identity was checked>");
    const data = await call("POST", "/operator/two-factor/reset", {
      user: args[0],
      identity_check: args.slice(1).join(" "),
    });
    console.log(`two-factor is off for ${data.user}; they can set it up again in Settings`);
    break;
  }
  case "expire": {
    const o = await call("POST", "/operator/orders/expire", { no: args[0] ?? fail("usage: expire <order no>") });
    console.log(`order ${o.no} expired (${o.reason})`);
    break;
  }
  case "price": {
    const usage = "price <symbol> <price> [<price>...] [--every <seconds>] | price <symbol> clear";
    const [symbol, ...rest] = args;
    const at = rest.indexOf("--every");
    const every = at >= 0 ? needId(rest[at + 1], usage) : undefined;
    const prices = at >= 0 ? [...rest.slice(0, at), ...rest.slice(at + 2)] : rest;
    if (!symbol || prices.length === 0) fail(`usage: ${usage}`);
    if (prices.length === 1 && prices[0] === "clear") {
      const d = await call("POST", "/operator/price/clear", { symbol });
      console.log(`${d.symbol} follows the simulator again (now ${d.price})`);
      break;
    }
    const d = await call("POST", "/operator/price", { symbol, prices, ...(every ? { step_seconds: every } : {}) });
    console.log(
      `${d.symbol} is at ${d.price} from ${d.starts_at}` +
        (d.prices.length > 1 ? ` (path ${d.prices.join(" -> ")}, each held ${d.step_seconds} s, the last kept)` : ""),
    );
    break;
  }
  default:
    fail(
      "commands: list | approve <kind> <id> | reject <kind> <id> [reason] | repay <loan id> | config [<tag> <value>] | " +
        "otp <phone> | credit <phone> <amount> [reason] | invite <code> | offer create|close|rate | ipo create|status | " +
        "allot <application id> <count> | fund create|cancel | mature | news <title> <html> [subhead] | reply <phone> <text> | " +
        `chat <phone> | two-factor-reset <phone> <identity check> | price <symbol> <price>... | price <symbol> clear   ` +
        `(kind: ${KINDS.join(", ")}; server: ${base})`,
    );
}
