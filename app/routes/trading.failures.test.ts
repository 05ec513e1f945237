/** Trade screens when the provider fails or has nothing: the SPEC §8 messages, never an error page. */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import type { CallOptions, ProviderContext } from "~/provider/core.server";

const reply = vi.hoisted(() => ({ current: (_opts: CallOptions): unknown => undefined }));

vi.mock("~/provider/core.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/provider/core.server")>();
  return { ...actual, callProvider: vi.fn(async (_ctx: ProviderContext, opts: CallOptions) => reply.current(opts)) };
});

import { ProviderError, ProviderUnavailableError } from "~/provider/core.server";
import { commitSession, getSession, sessionStorage } from "~/session.server";
import { formRequest, getRequest, settle, type ReplyJson } from "~/testing/http";
import { getToast } from "~/toast.server";

import en from "../../locales/en/trade.json";
import { loader as forexLoader } from "./forex";
import { loader as futuresLoader } from "./futures";
import { action as recordsAction, loader as recordsLoader } from "./records";
import { loader as positionsResource } from "./resources.positions";
import { action as tradingAction } from "./stock.trading.$symbol.$market.$name";
import { loader as treasuryLoader } from "./treasury-debt";

let cookie = "";
beforeAll(async () => {
  const session = await sessionStorage.getSession();
  session.set("token", "t".repeat(43));
  session.set("user", { user: "9876543210", no: "1" });
  cookie = (await commitSession(session)).split(";")[0];
});
beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

const failWith = (error: unknown) => () => {
  throw error;
};
const args = (path: string) => ({ request: getRequest(path, cookie), params: {}, context: {} });

describe("list and records failures (SPEC §8)", () => {
  it("records: 'loading failed, please retry' with a 503, not an error page", async () => {
    reply.current = failWith(new ProviderUnavailableError("timeout"));
    const response = await recordsLoader(args("/records?type=pending"));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ failed: true, rows: [], type: "pending" });
    expect(en.records.failed).toBe("loading failed, please retry");
  });

  it("forex: 'Failed to load currency list'; while searching, 'Search failed'", async () => {
    reply.current = failWith(new ProviderError("server_error"));
    expect(await (await forexLoader(args("/forex"))).json()).toMatchObject({ failure: "Failed to load currency list", rows: [], empty: null });
    expect(await (await forexLoader(args("/forex?code=EUR"))).json()).toMatchObject({ failure: "Search failed" });
  });

  it("futures and treasury: load failures and empty lists have their own words", async () => {
    reply.current = failWith(new ProviderUnavailableError("network"));
    expect((await (await futuresLoader(args("/futures"))).json()).failure).toBe("Failed to load futures list");
    expect((await (await treasuryLoader(args("/treasury-debt"))).json()).failure).toBe("Failed to load treasury debt list");
    reply.current = () => ({ rows: [], count: 0 });
    expect((await (await futuresLoader(args("/futures"))).json()).empty).toBe("No futures data available");
    expect((await (await treasuryLoader(args("/treasury-debt"))).json()).empty).toBe("No treasury debt data available");
    expect((await (await treasuryLoader(args("/treasury-debt?code=zz"))).json()).empty).toBe("No matching treasury debt found");
  });

  it("the positions panel answers 503 with no rows so the screen keeps its figures", async () => {
    reply.current = failWith(new ProviderUnavailableError("timeout"));
    const response = await positionsResource(args("/resources/positions?tab=forex"));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ rows: [], error: "provider_unavailable" });
  });

  it("an order the provider refuses with an unknown code says 'Submission failed' on the form", async () => {
    reply.current = (opts) => {
      if (opts.path === "/stock/success/deal/order") throw new ProviderError("server_error");
      throw new Error(`unexpected call ${opts.path}`);
    };
    const response = await settle(() =>
      tradingAction({
        request: formRequest("/stock/trading/TCS.NS/IN/TCS?step=review", {
          type: "buy",
          position: "half",
          quantity: "1",
          intent: "confirm",
          idempotency_key: crypto.randomUUID(),
        }, { cookie }),
        params: { symbol: "TCS.NS", market: "IN", name: "TCS" },
        context: {},
      }),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as ReplyJson).result.error?.[""]).toEqual(["Submission failed"]);
  });
});

describe("cancelling a pending order (scripted provider)", () => {
  const pending = {
    id: 7, no: "2026112200000042", tag: "AAPL", name: "Apple Inc.", type: "US", mold: "stock", state: "buy", count: 2,
    price: 190.5, sell_price: null, price_all: "381.00", fee: "0.11", profit: null, status: 0, status_name: "pending",
    created_at: "2026-11-22T03:00:00.000Z", filled_at: null, expires_at: "2026-11-22T21:00:00.000Z",
  };

  it("a pending row opens the server-rendered confirm step; its POST cancels and redirects with a toast", async () => {
    const calls: CallOptions[] = [];
    reply.current = (opts) => {
      calls.push(opts);
      if (opts.path === "/stock/success/v2/transaction") return { rows: [pending], count: 1 };
      if (opts.path === "/stock/success/deal/cancel") return { ...pending, status: 2, status_name: "cancelled" };
      throw new Error(`unexpected call ${opts.path}`);
    };
    const step = await (await recordsLoader(args(`/records?type=pending&cancel=${pending.no}`))).json();
    expect(step.cancel).toMatchObject({ no: pending.no, status: 0 });

    const response = await settle(() =>
      recordsAction({ request: formRequest("/records?type=pending", { intent: "cancel", no: pending.no }, { cookie }), params: {}, context: {} }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/records?type=pending");
    expect(calls.at(-1)).toMatchObject({ path: "/stock/success/deal/cancel", method: "POST", body: { no: pending.no } });
    const { toast } = await getToast(getRequest("/", response.headers.get("Set-Cookie")!.split(";")[0]));
    expect(toast).toEqual({ key: "trade:toast.cancelled", values: { no: pending.no } });
  });

  it("a GET never cancels, and a POST without an order number changes nothing", async () => {
    const calls: CallOptions[] = [];
    reply.current = (opts) => {
      calls.push(opts);
      return { rows: [pending], count: 1 };
    };
    await recordsLoader(args(`/records?cancel=${pending.no}`));
    const response = await settle(() =>
      recordsAction({ request: formRequest("/records", { intent: "cancel" }, { cookie }), params: {}, context: {} }),
    );
    expect(response.status).toBe(302);
    expect(calls.some((call) => call.path === "/stock/success/deal/cancel")).toBe(false);
  });
});
