/**
 * The "Modify order" form (docs/product.md "Order types"): the new quantity, prices and validity of an open limit,
 * stop or stop-limit order. The prices its type takes are checked as at placement (tick, the side of a stop); a
 * triggered stop-limit's trigger is not on the form. Loaded by the route only with `await import(...)`.
 */
import { z } from "zod";

import { QUANTITY_DIGITS } from "~/features/trading/order";
import {
  orderPriceProblem,
  PRICE_TEXT,
  takesLimit,
  takesTrigger,
  VALIDITIES,
  type OrderPriceRules,
  type OrderType,
  type OrderValidity,
} from "~/features/trading/order-types";
import { idempotencyKeyField } from "~/forms/fields";
import type { TFunction } from "~/i18n/config";

/** The provider's quantity bounds for an order (docs/provider-api.md "Trading"). */
export const MODIFY_MAX_QUANTITY = 100_000;

export interface ModifyOrderOptions {
  side: "buy" | "sell";
  orderType: OrderType;
  /** A triggered stop-limit: its trigger can no longer change. */
  triggered: boolean;
  rules: OrderPriceRules;
}

/**
 * The order's terms when the page was shown travel with the form (`was_*`): a change is worked out against them, so
 * the same page posted twice sends the same change with the same key (the provider replays it), and a form that
 * changes none of them is refused.
 */
export interface WasTerms {
  count: number;
  limitPrice: string | null;
  triggerPrice: string | null;
  validity: OrderValidity;
}

const samePrice = (typed: string | undefined, current: string | null) =>
  typed === undefined || current === null || (PRICE_TEXT.test(typed) && Number(typed) === Number(current));

export function createModifyOrderSchema(t: TFunction, opts: ModifyOrderOptions) {
  const price = z.string().trim().regex(PRICE_TEXT, t("orderKinds.priceFormat")).optional();
  return z
    .object({
      intent: z.literal("modify", { errorMap: () => ({ message: t("errors.submissionFailed") }) }),
      idempotency_key: idempotencyKeyField(t("errors.submissionFailed")),
      quantity: z
        .string({ required_error: t("quantity.required") })
        .regex(QUANTITY_DIGITS, t("quantity.whole"))
        .transform(Number)
        .refine((n) => n >= 1 && n <= MODIFY_MAX_QUANTITY, t("orderKinds.modify.quantityHint")),
      limit_price: price,
      trigger_price: price,
      validity: z.enum(VALIDITIES, { errorMap: () => ({ message: t("orderKinds.validityRequired") }) }),
      was_count: z.string().regex(QUANTITY_DIGITS, t("errors.submissionFailed")).transform(Number),
      was_limit: z.string().regex(PRICE_TEXT, t("errors.submissionFailed")).optional(),
      was_trigger: z.string().regex(PRICE_TEXT, t("errors.submissionFailed")).optional(),
      was_validity: z.enum(VALIDITIES, { errorMap: () => ({ message: t("errors.submissionFailed") }) }),
    })
    .superRefine((value, ctx) => {
      const problems = orderPriceProblem(
        {
          side: opts.side,
          // A triggered stop-limit rests as a limit: only its limit is checked.
          orderType: opts.triggered ? "limit" : opts.orderType,
          limitPrice: value.limit_price,
          triggerPrice: value.trigger_price,
        },
        opts.rules,
      );
      for (const problem of problems) {
        if (problem.code === "format") continue;
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [problem.field], message: problem.text(t) });
      }
      const was = wasTerms(value);
      const unchanged =
        value.quantity === was.count &&
        (!takesLimit(opts.orderType) || samePrice(value.limit_price, was.limitPrice)) &&
        (!takesTrigger(opts.orderType) || opts.triggered || samePrice(value.trigger_price, was.triggerPrice)) &&
        value.validity === was.validity;
      if (unchanged && problems.length === 0)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [], message: t("orderKinds.modify.nothingChanged") });
    });
}

/** The terms the page showed, from the form's `was_*` fields. */
export function wasTerms(value: {
  was_count: number;
  was_limit?: string;
  was_trigger?: string;
  was_validity: OrderValidity;
}): WasTerms {
  return {
    count: value.was_count,
    limitPrice: value.was_limit ?? null,
    triggerPrice: value.was_trigger ?? null,
    validity: value.was_validity,
  };
}

export type ModifyOrderValue = z.output<ReturnType<typeof createModifyOrderSchema>>;
