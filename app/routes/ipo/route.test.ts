/** Tests of app/routes/ipo/route.tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "INR";
});

import {
  expectSentToLogin,
  load,
  post,
  refusedForm,
  useRealProvider,
  type Route,
  signedInBuyer,
  productsToast,
} from "~/testing/route-harness";

import { action as ipoAction, loader as ipoLoader } from "./route";
import { operator } from "../../../provider/tests/helpers";
import { loader as ipoOrdersLoader } from "../ipo_.orders";
import type { IpoPageData } from "./types";
import type { IpoOrdersData } from "../ipo_.orders";

const provider = useRealProvider();

const customer = (balance?: string, password?: string | null) => signedInBuyer(provider, balance, password);

const toastOf = productsToast;

const queryOf = (location: string) => Object.fromEntries(new URL(location, "http://localhost").searchParams);

describe("(auth) product screens", () => {
  it.each([["/ipo", ipoLoader]] as const)("a visitor on %s is sent to log in", (path, loader) =>
    expectSentToLogin(loader as Route, path),
  );
});

describe("IPO", () => {
  it("only Forthcoming can be applied for; the others say why", async () => {
    const { cookie } = await customer();
    const page = await load<IpoPageData>(ipoLoader, "/ipo", cookie);
    // In the provider's order; compared by symbol.
    const rows = page.ipos
      .map((ipo) => [ipo.display, ipo.status, ipo.canApply, ipo.min, ipo.max])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(rows).toEqual([
      ["ETERNAL", "Forthcoming", true, 100, 1000],
      ["IRCTC", "Forthcoming", true, 100, 500],
      ["NFLX", "Forthcoming", true, 100, 600],
      ["TATAPOWER", "Listed", false, 100, 1000],
      ["VEDL", "Closed", false, 100, 800],
    ]);
  });

  it("apply: starts at the max, steps by 100 within min..max, keeps an out-of-range quantity and says so", async () => {
    const { cookie } = await customer();
    const ipos = (await load<IpoPageData>(ipoLoader, "/ipo", cookie)).ipos;
    const eternal = ipos.find((ipo) => ipo.display === "ETERNAL")!;
    const vedl = ipos.find((ipo) => ipo.display === "VEDL")!;
    const at = (query: string) => load<IpoPageData>(ipoLoader, `/ipo?apply=${eternal.id}${query}`, cookie);

    expect((await at("")).apply).toMatchObject({ quantity: "1000", stepNote: null });
    expect((await at("&quantity=1000&step=up")).apply).toMatchObject({
      quantity: "1000",
      stepNote: "The maximum is 1000",
    });
    expect((await at("&quantity=1000&step=down")).apply).toMatchObject({ quantity: "900", stepNote: null });
    expect((await at("&quantity=100&step=down")).apply).toMatchObject({
      quantity: "100",
      stepNote: "The minimum is 100",
    });

    for (const typed of ["1001", "99"]) {
      const result = await refusedForm(
        await post(
          ipoAction,
          `/ipo?apply=${eternal.id}`,
          { intent: "review", apply: String(eternal.id), quantity: typed },
          cookie,
        ),
      );
      expect(result.error?.quantity).toEqual(["Out of range: enter a quantity from 100 to 1000"]);
      expect(result.initialValue?.quantity).toBe(typed);
    }
    const closed = await refusedForm(
      await post(ipoAction, "/ipo", { intent: "review", apply: String(vedl.id), quantity: "100" }, cookie),
    );
    expect(closed.error?.[""]).toEqual(["Applications are closed"]);
  });

  it("review, confirm (money held), then the operator allots: the application shows as success with the quantity", async () => {
    const { cookie } = await customer("1000000.00");
    const eternal = (await load<IpoPageData>(ipoLoader, "/ipo", cookie)).ipos.find((ipo) => ipo.display === "ETERNAL")!;
    const reviewed = await post(
      ipoAction,
      `/ipo?apply=${eternal.id}`,
      { intent: "review", apply: String(eternal.id), quantity: "200" },
      cookie,
    );
    expect(reviewed.status).toBe(302);
    const location = reviewed.headers.get("Location")!;
    const { key } = queryOf(location);
    const page = await load<IpoPageData>(ipoLoader, location, cookie);
    // 200 × 295.00
    expect(page.review).toMatchObject({ key, quantity: 200, amount: "59000.00" });

    const confirm = () =>
      post(
        ipoAction,
        location,
        { intent: "confirm", apply: String(eternal.id), quantity: "200", idempotency_key: key },
        cookie,
      );
    const first = await confirm();
    expect(first.headers.get("Location")).toBe("/ipo/orders");
    expect(await toastOf(first)).toBe("Application submitted: 200 ETERNAL; ₹59,000.00 is held until the allotment");
    expect((await confirm()).status).toBe(302);

    const pending = await load<IpoOrdersData>(ipoOrdersLoader, "/ipo/orders", cookie);
    expect(pending.applications.map((row) => [row.display, row.count, row.amount, row.status])).toEqual([
      ["ETERNAL", 200, "59000.00", 1],
    ]);

    const allotted = await operator(provider).allot(pending.applications[0].id, 150);
    expect(allotted.body.msg).toBe("ok");
    const done = await load<IpoOrdersData>(ipoOrdersLoader, "/ipo/orders", cookie);
    expect(done.applications.map((row) => [row.status, row.allotted, row.refunded])).toEqual([[2, 150, "14750.00"]]);
    expect((await load<IpoOrdersData>(ipoOrdersLoader, "/ipo/orders?tab=sales", cookie)).sales).toEqual([]);
  });
});
