/** A form's native constraints, remembered per schema factory: the same attributes, whatever the language. */
import { describe, expect, it } from "vitest";
import { z } from "zod";

import { createOrderSchema } from "~/routes/stock.trading.$symbol.$market.$name/schema";
import { getFixedT } from "~/i18n/i18next.server";

import { fixedFormConstraint, formConstraint } from "./constraint.server";

describe("form constraints", () => {
  it("give the order form's inputs their native attributes, in any language, from one walk of the schema", async () => {
    const english = fixedFormConstraint(createOrderSchema, await getFixedT("en", "trade"));
    expect(english).toEqual({
      intent: { required: true },
      type: { required: true, pattern: "buy|sell" },
      position: { required: true, pattern: "half|full" },
      quantity: { required: true, pattern: "^(?=.*(?:^[0-9]{1,9}$)).*$" },
      lot: { required: false, pattern: "^(?=.*(?:^[0-9]{1,40}$)).*$" },
      order_type: { required: false, pattern: "market|limit|stop|stop_limit" },
      limit_price: { required: false, pattern: "^(?=.*(?:^[0-9]{1,12}(\\.[0-9]{1,6})?$)).*$" },
      trigger_price: { required: false, pattern: "^(?=.*(?:^[0-9]{1,12}(\\.[0-9]{1,6})?$)).*$" },
      validity: { required: false, pattern: "day|gtc" },
    });
    expect(fixedFormConstraint(createOrderSchema, await getFixedT("zh", "trade"))).toBe(english);
    expect(Object.isFrozen(english)).toBe(true);
  });

  it("walk a schema built per request each time, so limits in it are never stale", () => {
    const limited = (max: number) => formConstraint(z.object({ amount: z.number().max(max) }));
    expect(limited(100).amount).toEqual({ required: true, max: 100 });
    expect(limited(500).amount).toEqual({ required: true, max: 500 });
  });
});
