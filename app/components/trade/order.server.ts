/**
 * The buy/sell form schema (one for the review and the confirm submits), messages in the request's language.
 * Server only: the route's browser bundle stays free of zod (docs/decisions/0051-quantity-stepper-without-js.md).
 */
import type { TFunction } from "~/i18n-react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";

import { MIN_QUANTITY, QUANTITY_CAPS, type QuantityWarning } from "./order";

export function quantityWarningText(t: TFunction, warning: QuantityWarning): string {
  return warning.kind === "min"
    ? t("quantity.min", { min: MIN_QUANTITY })
    : t("quantity.max", { cap: warning.cap, type: t(`positionType.${warning.type}Word`) });
}

export function createOrderSchema(t: TFunction) {
  return z
    .object({
      type: z.enum(["buy", "sell"]).default("buy"),
      position: z.enum(["half", "full"]).default("half"),
      quantity: z.coerce
        .number({ required_error: t("quantity.required"), invalid_type_error: t("quantity.whole") })
        .int(t("quantity.whole")),
      lot: z.string().trim().max(40).optional(),
      idempotency_key: z.string().trim().min(8).max(100).optional(),
    })
    .superRefine((value, ctx) => {
      const cap = QUANTITY_CAPS[value.position];
      if (value.quantity < MIN_QUANTITY) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["quantity"], message: quantityWarningText(t, { kind: "min" }) });
      } else if (value.quantity > cap) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["quantity"],
          message: quantityWarningText(t, { kind: "max", cap, type: value.position }),
        });
      }
      if (value.type === "sell" && !value.lot) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["lot"], message: t("sell.chooseLot") });
      }
    });
}

/** Parses a buy/sell submit (Conform's submission, so `reply()` gives the usual error shape). */
export function parseOrder(formData: FormData, t: TFunction) {
  return parseWithZod(formData, { schema: createOrderSchema(t) });
}

export type OrderInput = z.infer<ReturnType<typeof createOrderSchema>>;

/** Provider codes of the trading endpoints with their own message; anything else is 'Submission failed'. */
const TRADE_CODES = new Set(["not_sufficient_funds", "count_exceeds_position", "order_not_pending", "invalid_input", "not_found"]);

export function tradeErrorMessage(t: TFunction, code: string): string {
  return t(TRADE_CODES.has(code) ? `errors.${code}` : "errors.submissionFailed");
}
