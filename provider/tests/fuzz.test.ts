import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";

import { newKey, newTrader, OPERATOR, useInProcessProvider } from "./helpers";

/*
 * Every provider endpoint – enumerated from the Hono app, so a new one is covered the day it is added – gets bad
 * bodies and queries (malformed or non-object JSON, wrong types, coercible look-alikes, NUL bytes, huge and deeply
 * nested values, wrong content types) from a signed-in customer who also holds the operator key. Two promises:
 * never an HTTP 5xx, and a bad request changes nothing (every table's content is compared before and after).
 */
const AT = new Date("2026-11-20T09:15:00Z");
const serverErrors: string[] = [];
// A 5xx is logged by the provider; collect it here so the test lists every failing request instead of stopping.
const p = useInProcessProvider({
  now: () => AT,
  logError: (message, error) => serverErrors.push(`${message} ${String(error)}`),
});
let token: string;
let logoutToken: string;
let lotNo: string;
beforeAll(async () => {
  const t = await newTrader(p);
  token = t.token;
  logoutToken = (await newTrader(p, "0")).token;
  // Something to damage: a position, a watchlist entry, money.
  const buy = await p.call("/api/stock/success/deal/order", {
    token,
    body: { tag: "AAPL", count: 3, mold: "stock", state: "buy", idempotency_key: newKey() },
  });
  expect(buy.body.msg).toBe("ok");
  lotNo = buy.body.data.no;
  expect((await p.call("/api/stock/success/collection/add", { token, body: { symbol: "MSFT" } })).body.msg).toBe("ok");
  // "0x10" is a well-formed invitation code (4..64 of A-Z a-z 0-9 _ -): it exists before, so adding it again is a no-op.
  expect((await p.call("/api/operator/invitation-codes", { headers: OPERATOR, body: { code: "0x10" } })).body.msg).toBe(
    "ok",
  );
});

/** Field names any endpoint reads (a bad value in each at once). Unknown names are ignored by the schemas. */
const FIELDS = [
  "user",
  "password",
  "password_new",
  "new_password",
  "code",
  "symbol",
  "symbols",
  "tag",
  "count",
  "mold",
  "state",
  "type",
  "no",
  "idempotency_key",
  "amount",
  "reason",
  "id",
  "page",
  "limit",
  "pageSize",
  "market",
  "interval",
  "fund_code",
  "fund_code_new",
  "is_first",
  "bank",
  "branch_bank",
  "bank_card",
  "bank_user",
  "ifsc",
  "bank_id",
  "real_name",
  "id_number",
  "id_number_img",
  "id_number_img_two",
  "project_id",
  "price",
  "sell_price",
  "url_count",
  "stock_password",
  "file",
  "value",
  "status",
  "kind",
];

const NESTED = { deep: [1, { x: "y", z: [null, true] }], more: { a: { b: { c: "d" } } } };
/** Values that are wrong for every field of every endpoint. */
const BAD_VALUES: unknown[] = [
  null,
  true,
  [5],
  ["5"],
  "1e3",
  "0x10",
  -1,
  "",
  1.5,
  1e300,
  "a\u0000b",
  NESTED,
  "x".repeat(5000),
];

const deep = (n: number) => `{"a":${"[".repeat(n)}${"]".repeat(n)}}`;
const multipart = (fields: Record<string, string>) => {
  const boundary = "fuzzboundary";
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  return { body: `${parts.join("")}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
};
const allFields = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]));
const form = multipart(Object.fromEntries(FIELDS.map((f) => [f, "0x10"])));

interface BadBody {
  name: string;
  body: string | Uint8Array;
  type?: string;
}
const BAD_BODIES: BadBody[] = [
  { name: "not JSON", body: "{not json" },
  { name: "empty", body: "" },
  { name: "JSON array", body: "[1,2,3]" },
  { name: "JSON null", body: "null" },
  { name: "JSON number", body: "5" },
  { name: "2^53+1 as a number", body: `{"count":9007199254740993,"amount":9007199254740993,"id":9007199254740993}` },
  { name: "a key with NUL", body: '{"user\\u0000":"x","a\\u0000":1}' },
  { name: "deeply nested", body: deep(20_000) },
  { name: "over 64 KB", body: JSON.stringify({ user: "x".repeat(70_000) }) },
  { name: "invalid UTF-8", body: new Uint8Array([0x7b, 0x22, 0x75, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
  { name: "text/plain", body: "user=1&count=1e3", type: "text/plain" },
  {
    name: "urlencoded form",
    body: "user=9876543210&password=demo1234&count=0x10",
    type: "application/x-www-form-urlencoded",
  },
  { name: "multipart form", body: form.body, type: form.type },
  { name: "multipart, broken", body: "--nope\r\n\r\n", type: "multipart/form-data; boundary=other" },
  ...BAD_VALUES.map((v) => ({
    name: `every field = ${JSON.stringify(v)?.slice(0, 30)}`,
    body: JSON.stringify(allFields(v)),
  })),
];

const QUERY_NAMES = [
  "page",
  "limit",
  "pageSize",
  "symbol",
  "symbols",
  "market",
  "mold",
  "interval",
  "code",
  "id",
  "type",
  "tag",
  "user",
  "status",
];
const BAD_QUERIES: string[] = [
  ...["1e3", "0x10", "-1", "", "a\u0000b", "x".repeat(5000), "[5]", "1.5", "99999999999999999999"].map((v) =>
    QUERY_NAMES.map((n) => `${n}=${encodeURIComponent(v)}`).join("&"),
  ),
  QUERY_NAMES.map((n) => `${n}=%E0%A4%A`).join("&"), // malformed percent-encoding
  QUERY_NAMES.map((n) => `${n}=1&${n}=2`).join("&"), // repeated
  "%00=1&page=1",
];
/**
 * Valid requests of endpoints whose inputs we know: each field in turn takes each value below, so the bad value
 * reaches as far into the endpoint as it can (a NUL that passes the first checks would reach the database).
 * Endpoints not listed still get every generic case above.
 */
const BODY_TEMPLATES: Record<string, () => Record<string, unknown>> = {
  "POST /api/stock/user/reg": () => ({ user: "5554440009", password: "secret1", code: "DEMO2026" }),
  "POST /api/stock/user/login": () => ({ user: "9876543210", password: "demo1234" }),
  "POST /api/stock/success/user/password/up": () => ({ password: "secret1", password_new: "newpass1" }),
  "POST /api/v2/user/forget/code": () => ({ user: "9876543210" }),
  "POST /api/v2/user/forget": () => ({
    user: "9876543210",
    code: "123456",
    password: "fresh-pass",
    new_password: "fresh-pass",
  }),
  "POST /api/stock/success/collection/add": () => ({ symbol: "AAPL" }),
  "POST /api/stock/success/collection/remove": () => ({ symbol: "MSFT" }),
  "POST /api/stock/success/deal/order": () => ({
    tag: "AAPL",
    count: 1,
    mold: "stock",
    state: "buy",
    order_type: "limit",
    limit_price: "100",
    validity: "day",
    idempotency_key: "fuzz-order-key-1",
  }),
  "POST /api/stock/success/deal/modify": () => ({ no: lotNo, limit_price: "100", idempotency_key: "fuzz-modify-1" }),
  "POST /api/stock/success/alert/add": () => ({ tag: "AAPL", condition: "above", price: "300" }),
  "POST /api/stock/success/deal/sell": () => ({ no: lotNo, count: 1, idempotency_key: "fuzz-sell-key-1" }),
  "POST /api/stock/success/deal/cancel": () => ({ no: lotNo }),
  "POST /api/operator/credit": () => ({ user: "9876543210", amount: "5.00", reason: "fuzz" }),
  "POST /api/operator/invitation-codes": () => ({ code: "FUZZ-CODE" }),
};
const QUERY_TEMPLATES: Record<string, Record<string, string>> = {
  "GET /api/stock/success/deal/positions": { market: "US", tag: "AAPL", page: "1", limit: "10" },
  "GET /api/stock/success/v2/transaction": { type: "all", page: "1", limit: "10" },
  "GET /api/stock/success/collection/check": { symbol: "AAPL" },
  "GET /api/stock/success/collection/list": { page: "1", pageSize: "10" },
  "GET /api/v2/stock/list": { market: "US", symbol: "AA", page: "1", limit: "10" },
  "GET /api/v2/yahoo": { symbol: "AAPL", mold: "1d" },
  "GET /api/stock/new/index": { id: "1" },
  "GET /api/operator/otp": { user: "9876543210" },
};
/** No field of any endpoint accepts these: a template with one of them must be refused. */
const NEVER_VALID: unknown[] = [null, true, [5], ["5"], NESTED, "\u0000", "a\u0000b"];
/** Nor does a quantity accept these. */
const NOT_A_QUANTITY: unknown[] = ["1e3", "0x10", "-1", "", " 5", "5.0", 1.5, -1, 0, false];
const QUERY_NEVER_VALID = ["\u0000", "a\u0000b"];

/** Path parameters (`:id`, `:kind`) take each of these. */
const PARAM_VALUES = ["1", "0x10", "-1", "%00", "99999999999999999999", "nope", "%E0%A4%A"];

interface Route {
  method: "GET" | "POST";
  path: string;
}
function routes(): Route[] {
  const seen = new Set<string>();
  const out: Route[] = [];
  for (const r of p.app.routes) {
    if (r.method !== "GET" && r.method !== "POST") continue; // "ALL" entries are middleware
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ method: r.method, path: r.path });
  }
  return out;
}
const withParams = (path: string) =>
  path.includes("/:") ? PARAM_VALUES.map((v) => path.replace(/:[A-Za-z_]+/g, v)) : [path];

/** Routes whose job is a state change that no input can prevent, and the only table they may touch. */
const STATEFUL_WITHOUT_INPUT: Record<string, { table: string; why: string }> = {
  "POST /api/stock/success/user/logout": {
    table: "sessions",
    why: "revokes the token it is called with; reads no body",
  },
  "POST /api/stock/success/two-factor/setup": {
    table: "two_factor",
    why: "starts a set-up (a new secret replaces an unfinished one); reads no body",
  },
};
/** Routes that answer something else than the envelope, and what they answer instead. */
const NOT_ENVELOPED: Record<string, { why: string }> = {
  "GET /api/openapi.json": { why: "the OpenAPI document, a JSON document of its own (docs/decisions/0364)" },
};
/** Tables that remember refused requests on purpose (attempt limiters): a wrong password is recorded. */
const ATTEMPT_TABLES = new Set(["auth_attempts", "transaction_password_attempts"]);

/** Row count and a digest of every row of every table of the test database. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = (
    await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(p.db)
  ).rows.map((r) => r.name);
  const parts = tables.map(
    (
      t,
    ) => sql`select ${t} as name, count(*)::text || ':' || coalesce(md5(string_agg(x::text, E'\n' order by x::text)), '') as digest
      from ${sql.table(t)} x`,
  );
  const rows = (await sql<{ name: string; digest: string }>`${sql.join(parts, sql` union all `)}`.execute(p.db)).rows;
  return Object.fromEntries(rows.filter((r) => !ATTEMPT_TABLES.has(r.name)).map((r) => [r.name, r.digest]));
}

async function send(method: string, url: string, auth: string, body?: BadBody) {
  const headers: Record<string, string> = { token: auth, ...OPERATOR };
  if (body) headers["content-type"] = body.type ?? "application/json";
  const res = await p.app.request(url, { method, headers, body: body?.body as BodyInit | undefined });
  const text = await res.text();
  return { status: res.status, text };
}

describe("fuzz: every endpoint, bad input", () => {
  it("finds the endpoints (the enumeration itself works)", () => {
    const list = routes().map((r) => `${r.method} ${r.path}`);
    for (const known of [
      "POST /api/stock/user/login",
      "POST /api/stock/success/deal/order",
      "GET /api/stock/success/deal/positions",
      "POST /api/operator/credit",
      "GET /api/stock/new/index",
    ]) {
      expect(list).toContain(known);
    }
  });

  // ~10 s on a quiet machine (PGlite); the timeout leaves room for a machine busy with other suites.
  it("never answers 5xx and never changes state", { timeout: 120_000 }, async () => {
    const failures: string[] = [];

    let before = await snapshot();
    for (const route of routes()) {
      const key = `${route.method} ${route.path}`;
      const stateful = STATEFUL_WITHOUT_INPUT[key];
      const auth = stateful ? logoutToken : token;
      const [first, ...others] = withParams(route.path);
      const calls: Array<[string, BadBody | undefined]> =
        route.method === "POST"
          ? [
              ...BAD_BODIES.map((b) => [first, b] as [string, BadBody]),
              ...others.map((path) => [path, { name: "{}", body: "{}" }] as [string, BadBody]),
            ]
          : [
              ...BAD_QUERIES.map((q) => [`${first}?${q}`, undefined] as [string, undefined]),
              ...others.map((path) => [path, undefined] as [string, undefined]),
            ];
      // One bad field in an otherwise valid request: must be refused.
      const mustRefuse = new Set<number>();
      const template = BODY_TEMPLATES[key];
      for (const field of template ? Object.keys(template()) : []) {
        for (const value of field === "count" ? [...NEVER_VALID, ...NOT_A_QUANTITY] : NEVER_VALID) {
          mustRefuse.add(calls.length);
          calls.push([
            first,
            { name: `${field} = ${JSON.stringify(value)}`, body: JSON.stringify({ ...template!(), [field]: value }) },
          ]);
        }
      }
      const query = QUERY_TEMPLATES[key];
      for (const field of query ? Object.keys(query) : []) {
        for (const value of [
          ...QUERY_NEVER_VALID,
          ...(["page", "limit", "pageSize", "id"].includes(field) ? ["1e1", "0x1", "1.0", ""] : []),
        ]) {
          mustRefuse.add(calls.length);
          calls.push([`${first}?${new URLSearchParams({ ...query, [field]: value })}`, undefined]);
        }
      }
      const accepted: string[] = [];
      // A route's calls run together (the database still takes them one at a time on PGlite): same checks, less waiting.
      const replies = await Promise.all(calls.map(([url, body]) => send(route.method, url, auth, body)));
      for (const [i, [url, body]] of calls.entries()) {
        const res = replies[i];
        let envelope: { msg?: unknown } | undefined;
        try {
          envelope = JSON.parse(res.text);
        } catch {
          envelope = undefined;
        }
        if (envelope?.msg === "ok") accepted.push(body?.name ?? url.slice(0, 60));
        if (mustRefuse.has(i) && envelope?.msg === "ok")
          failures.push(`${key} ${url.slice(0, 80)} ${body?.name ?? ""}: accepted`);
        if (NOT_ENVELOPED[key]) {
          if (res.status !== 200 || !(envelope && "openapi" in envelope))
            failures.push(`${key} ${url.slice(0, 80)}: HTTP ${res.status} ${res.text.slice(0, 120)}`);
        } else if (res.status >= 500 || !envelope || !["ok", "no", "logout"].includes(String(envelope.msg))) {
          failures.push(`${key} ${url.slice(0, 80)} ${body?.name ?? ""}: HTTP ${res.status} ${res.text.slice(0, 120)}`);
        }
      }
      const after = await snapshot();
      for (const table of Object.keys({ ...before, ...after })) {
        if (before[table] !== after[table] && table !== stateful?.table) {
          failures.push(`${key}: changed table ${table}; accepted: ${accepted.join(" | ")}`);
        }
      }
      before = after; // the next route starts from here (a change is reported once, for the route that made it)
    }
    expect(failures).toEqual([]);
    expect(serverErrors).toEqual([]);
  });

  it.each([
    [
      "register code",
      "/api/stock/user/reg",
      { user: "5554440000", password: "secret1", code: "DEMO\u00002026" },
      "code",
    ],
    ["login password", "/api/stock/user/login", { user: "9876543210", password: "demo\u00001234" }, "password"],
    ["watchlist symbol", "/api/stock/success/collection/add", { symbol: "AA\u0000PL" }, "symbol"],
    [
      "order tag",
      "/api/stock/success/deal/order",
      { tag: "AAPL\u0000", count: 1, mold: "stock", state: "buy", idempotency_key: "nul-key-0001" },
      "tag",
    ],
    ["sell no", "/api/stock/success/deal/sell", { no: "2026\u00001120", idempotency_key: "nul-key-0002" }, "no"],
    ["cancel no", "/api/stock/success/deal/cancel", { no: "\u0000" }, "no"],
    [
      "operator credit reason",
      "/api/operator/credit",
      { user: "9876543210", amount: "5.00", reason: "bonus\u0000" },
      "reason",
    ],
    [
      "a nested string",
      "/api/stock/success/collection/add",
      { symbol: "AAPL", extra: { deeper: ["\u0000"] } },
      "extra",
    ],
  ])("a NUL byte in %s is invalid_input on its field, nothing written", async (_name, path, body, field) => {
    const before = await snapshot();
    const res = await p.call(path, { token, headers: OPERATOR, body });
    expect(res).toEqual({
      status: 200,
      body: {
        msg: "no",
        data: { code: "invalid_input", field, message: "text must not contain NUL (U+0000) characters" },
      },
    });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ["/api/stock/success/deal/positions?tag=%00", "tag"],
    ["/api/stock/success/collection/check?symbol=AAPL%00", "symbol"],
    ["/api/v2/stock/list?symbol=%00", "symbol"],
    ["/api/stock/success/v2/transaction?foo=%00", "foo"],
  ])("a NUL byte in the query %s is invalid_input on %s", async (url, field) => {
    expect(await p.call(url, { token })).toEqual({
      status: 200,
      body: {
        msg: "no",
        data: { code: "invalid_input", field, message: "text must not contain NUL (U+0000) characters" },
      },
    });
  });
});
