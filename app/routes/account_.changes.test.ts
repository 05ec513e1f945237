/** Tests of app/routes/account_.changes.tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it, vi } from "vitest";

vi.mock("@remix-run/react", async () => (await import("~/testing/markup")).remixStandIns);

import { renderScreen } from "~/testing/markup";
import {
  getRequest,
  load,
  REVIEW_KEY_PATTERN,
  settle,
  transfersOf,
  useRouteFixture,
  useScriptedProvider,
} from "~/testing/route-harness";

import BillsPage, { loader as billsLoader, type BillsData } from "./account_.changes";
import { loader as transferLoader } from "./account_.recharge-withdraw.$id";
import { action as rechargeAction } from "./recharge";
import enCommon from "../../locales/en/common.json";
import enWallet from "../../locales/en/wallet.json";

describe("on a real provider", () => {
  const { provider, customer, post, operator } = useRouteFixture();

  describe("bills and details", () => {
    it("each row says why and links to its cause; a recharge's details; another customer's is a 404", async () => {
      const { cookie, id } = await customer("0");
      const location = (
        await post(rechargeAction, "/recharge", { intent: "review", method: "bank", amount: "6000" }, cookie)
      ).headers.get("Location")!;
      await post(
        rechargeAction,
        location,
        { intent: "confirm", method: "bank", amount: "6000", idempotency_key: REVIEW_KEY_PATTERN.exec(location)![1] },
        cookie,
      );
      const [recharge] = await transfersOf(provider, id, "recharge");
      await operator.approve("recharge", recharge.id);

      const bills = await load<BillsData>(billsLoader, "/account/changes?type=income", cookie);
      expect(bills.rows).toEqual([
        expect.objectContaining({
          type: "income",
          amount: "6000.00",
          balance: "6000.00",
          kind: "recharge",
          href: `/account/recharge-withdraw/${recharge.id}`,
        }),
      ]);
      expect((await load<BillsData>(billsLoader, "/account/changes?type=expense", cookie)).rows).toEqual([]);

      const details = await load<{ type: string; state: string; amount: string }>(
        transferLoader,
        `/account/recharge-withdraw/${recharge.id}`,
        cookie,
        {
          id: String(recharge.id),
        },
      );
      expect(details).toMatchObject({ type: "recharge", state: "completed", amount: "6000.00" });
      const stranger = await customer();
      const hidden = await settle(() =>
        transferLoader({
          request: getRequest(`/account/recharge-withdraw/${recharge.id}`, stranger.cookie),
          params: { id: String(recharge.id) },
          context: {},
        }),
      );
      expect(hidden.status).toBe(404);
    });
  });
});

describe("when the provider fails", () => {
  const { expectFailedState } = useScriptedProvider();

  describe("lists that cannot be loaded", () => {
    it("/account/changes answers 503 with its own failed state", () =>
      expectFailedState(billsLoader, "/account/changes"));
  });
});

describe("on a provider that names a cause the app has no words for", () => {
  const { provider, session } = useScriptedProvider();

  it("shows that bill's kind as Other, and the kinds it knows by name", async () => {
    const bill = (id: number, kind: string) => ({
      id,
      type: "income",
      amount: "50.00",
      balance: "150.00",
      reason: "Dividend",
      kind,
      ref_type: null,
      ref_id: null,
      created_at: "2026-11-23T00:00:00.000Z",
    });
    provider.respond(() => ({ rows: [bill(2, "dividend"), bill(1, "credit")], count: 2 }));
    const data = await load<BillsData>(billsLoader, "/account/changes", session.cookie);
    const html = renderScreen(BillsPage, "/account/changes", data, {
      resources: { common: enCommon, wallet: enWallet },
    });
    expect([...html.matchAll(/class="wl-bill-kind">([^<]*)</g)].map((m) => m[1])).toEqual(["Other", "Credit"]);
  });
});
