/**
 * /resources/positions, the live figures of the positions screen: what it answers a customer with positions (a real
 * provider; the customer bought through the buy/sell screen) and a visitor, and when the provider does not answer.
 */
import { describe, expect, it } from "vitest";

import { ProviderUnavailableError } from "~/provider/core.server";
import { failWith, getRequest, tradedCustomer, useRealProvider, useScriptedProvider } from "~/testing/route-harness";

import { loader as positionsResource } from "./resources.positions";

const provider = useRealProvider();

it("the live figures of a customer's positions, private; a visitor gets 401", async () => {
  const { cookie } = await tradedCustomer(provider);
  const live = await positionsResource({
    request: getRequest("/resources/positions?tab=stock", cookie),
    params: {},
    context: {},
  });
  expect(live.headers.get("Cache-Control")).toBe("private, no-store");
  const payload = await live.json();
  expect(payload.rows).toHaveLength(3);
  expect(Object.keys(payload.rows[0]).sort()).toEqual([
    "current_price",
    "market_value",
    "no",
    "profit",
    "profit_percent",
  ]);
  const anonymous = await positionsResource({
    request: getRequest("/resources/positions?tab=stock"),
    params: {},
    context: {},
  });
  expect(anonymous.status).toBe(401);
}, 60_000);

describe("when the provider fails", () => {
  const { provider, session } = useScriptedProvider();
  const args = (path: string) => ({ request: getRequest(path, session.cookie), params: {}, context: {} });

  it("the positions panel answers 503 with no rows so the screen keeps its figures", async () => {
    provider.respond(failWith(new ProviderUnavailableError("timeout")));
    const response = await positionsResource(args("/resources/positions?tab=forex"));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ rows: [], error: "provider_unavailable" });
  });
});
