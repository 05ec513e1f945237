/** Tests of app/routes/account_.changes.tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it } from "vitest";

import {
  getRequest,
  load,
  REVIEW_KEY_PATTERN,
  settle,
  transfersOf,
  useRouteFixture,
  useScriptedProvider,
} from "~/testing/route-harness";

import { loader as billsLoader, type BillsData } from "./account_.changes";
import { loader as transferLoader } from "./account_.recharge-withdraw.$id";
import { action as rechargeAction } from "./recharge";

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
