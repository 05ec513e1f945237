/**
 * The buy/sell screen's schemas (docs/product.md#trading, "Order types", #quantities, #validation): the order form
 * ("Review order") and the review's Confirm, one module the route loads only with `await import("./schema")`
 * (docs/ARCHITECTURE.md#forms). Both take the symbol's order rules (`opts`: tick size and the price now, from
 * `deal/rules` and the quote) so a price off the tick or a stop on the wrong side is said on its field; without
 * them (a provider without order types) only market orders are accepted.
 */
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";

import { POSITION_TYPES, QUANTITY_DIGITS, SIDES, quantityWarning, quantityWarningText } from "~/features/trading/order";
import {
  ORDER_TYPES,
  orderPriceProblem,
  PRICE_TEXT,
  VALIDITIES,
  type OrderPriceRules,
} from "~/features/trading/order-types";
import { idempotencyKeyField } from "~/forms/fields";
import type { TFunction } from "~/i18n/config";

/** Order numbers and lot numbers are digit strings (docs/provider-api.md, Trading). */
const ORDER_NO = /^[0-9]{1,40}$/;

export interface OrderSchemaOptions {
  /** The symbol's rules; null: the provider has no order types, so only a market order is accepted. */
  rules: OrderPriceRules | null;
}

/** A price as typed: digits with at most 6 decimals, or nothing (the type may not take it). */
const priceField = (t: TFunction) => z.string().trim().regex(PRICE_TEXT, t("orderKinds.priceFormat")).optional();

/**
 * The order's own fields: side and position type are required and exact (no default fills a missing one), the
 * quantity is decimal digits only (`0x10`, `1e3`, ` 5`, `5.0`, `+5` are refused, never coerced) within 1..cap,
 * a sell names its lot; the order type is market when not sent (a form without the picker).
 */
function orderFields(t: TFunction) {
  return {
    type: z.enum(SIDES, { errorMap: () => ({ message: t("errors.sideRequired") }) }),
    position: z.enum(POSITION_TYPES, { errorMap: () => ({ message: t("positionType.required") }) }),
    quantity: z
      .string({ required_error: t("quantity.required") })
      .regex(QUANTITY_DIGITS, t("quantity.whole"))
      .transform(Number),
    lot: z.string().regex(ORDER_NO, t("sell.chooseLot")).optional(),
    order_type: z.enum(ORDER_TYPES, { errorMap: () => ({ message: t("orderKinds.typeRequired") }) }).default("market"),
    limit_price: priceField(t),
    trigger_price: priceField(t),
    validity: z.enum(VALIDITIES, { errorMap: () => ({ message: t("orderKinds.validityRequired") }) }).default("day"),
  };
}

type OrderShape = {
  type: "buy" | "sell";
  position: "half" | "full";
  quantity: number;
  lot?: string;
  order_type: (typeof ORDER_TYPES)[number];
  limit_price?: string;
  trigger_price?: string;
  validity: (typeof VALIDITIES)[number];
};

/**
 * The rules across fields: the quantity within 1..cap of the position type; a sell names its lot; a type the
 * provider does not offer is refused; the prices its type needs are there, on the tick, and a stop on the right
 * side of the price (docs/product.md "Order types").
 */
function orderRules(t: TFunction, opts: OrderSchemaOptions) {
  return (value: OrderShape, ctx: z.RefinementCtx) => {
    const warning = quantityWarning(value.quantity, value.position);
    if (warning)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["quantity"], message: quantityWarningText(t, warning) });
    if (value.type === "sell" && !value.lot) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["lot"], message: t("sell.chooseLot") });
    }
    if (value.order_type === "market") return;
    if (!opts.rules) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["order_type"], message: t("orderKinds.marketOnly") });
      return;
    }
    for (const problem of orderPriceProblem(
      {
        side: value.type,
        orderType: value.order_type,
        limitPrice: value.limit_price,
        triggerPrice: value.trigger_price,
      },
      opts.rules,
    )) {
      // A price that is not one at all is said once, by its field's pattern.
      if (problem.code === "format") continue;
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [problem.field], message: problem.text(t) });
    }
  };
}

const intent = (t: TFunction, name: string) =>
  z.literal(name, { errorMap: () => ({ message: t("errors.submissionFailed") }) });

/** The order form: "Review order". */
export function createOrderSchema(t: TFunction, opts: OrderSchemaOptions = { rules: null }) {
  return z.object({ intent: intent(t, "review"), ...orderFields(t) }).superRefine(orderRules(t, opts));
}

/** The review's Confirm: the same order, plus the idempotency key minted when the review was first shown. */
export function createConfirmSchema(t: TFunction, opts: OrderSchemaOptions = { rules: null }) {
  return z
    .object({
      intent: intent(t, "confirm"),
      ...orderFields(t),
      idempotency_key: idempotencyKeyField(t("errors.submissionFailed")),
    })
    .superRefine(orderRules(t, opts));
}

export type OrderFields = z.input<ReturnType<typeof createOrderSchema>>;
export type ConfirmFields = z.input<ReturnType<typeof createConfirmSchema>>;

export function parseOrderForm(formData: FormData, t: TFunction, opts?: OrderSchemaOptions) {
  return parseWithZod(formData, { schema: createOrderSchema(t, opts) });
}

export function parseConfirmForm(formData: FormData, t: TFunction, opts?: OrderSchemaOptions) {
  return parseWithZod(formData, { schema: createConfirmSchema(t, opts) });
}
