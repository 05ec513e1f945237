/**
 * The zod schemas of the trading forms, one per form that posts (docs/product.md#trading, #quantities,
 * #validation): the order form ("Review order") and the review's Confirm (the records' cancel is routes/records.tsx's own). Shared
 * (docs/decisions/0200-one-form-kit.md): each action parses with its schema (`context.t`), and the order form and the
 * review drive `useZodForm` with the same one (`t` from `useTranslation`).
 */
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";

import { IDEMPOTENCY_KEY } from "~/forms/idempotency";
import type { TFunction } from "~/i18n/config";

import { POSITION_TYPES, QUANTITY_DIGITS, SIDES, quantityWarning, quantityWarningText } from "./order";

/** Order numbers and lot numbers are digit strings (docs/provider-api.md, Trading). */
const ORDER_NO = /^[0-9]{1,40}$/;

/**
 * The order's own fields: side and position type are required and exact (no default fills a missing one), the
 * quantity is decimal digits only (`0x10`, `1e3`, ` 5`, `5.0`, `+5` are refused, never coerced) within 1..cap,
 * and a sell names its lot.
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
  };
}

type OrderShape = { type: "buy" | "sell"; position: "half" | "full"; quantity: number; lot?: string };

/** The rules across fields: the quantity within 1..cap of the chosen position type; a sell names its lot. */
function orderRules(t: TFunction) {
  return (value: OrderShape, ctx: z.RefinementCtx) => {
    const warning = quantityWarning(value.quantity, value.position);
    if (warning)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["quantity"], message: quantityWarningText(t, warning) });
    if (value.type === "sell" && !value.lot) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["lot"], message: t("sell.chooseLot") });
    }
  };
}

const intent = (t: TFunction, name: string) =>
  z.literal(name, { errorMap: () => ({ message: t("errors.submissionFailed") }) });

/** The order form: "Review order". */
export function createOrderSchema(t: TFunction) {
  return z.object({ intent: intent(t, "review"), ...orderFields(t) }).superRefine(orderRules(t));
}

/** The review's Confirm: the same order, plus the idempotency key minted when the review was first shown. */
export function createConfirmSchema(t: TFunction) {
  return z
    .object({
      intent: intent(t, "confirm"),
      ...orderFields(t),
      idempotency_key: z
        .string({ required_error: t("errors.submissionFailed") })
        .regex(IDEMPOTENCY_KEY, t("errors.submissionFailed")),
    })
    .superRefine(orderRules(t));
}

export type OrderFields = z.input<ReturnType<typeof createOrderSchema>>;
export type ConfirmFields = z.input<ReturnType<typeof createConfirmSchema>>;

export function parseOrderForm(formData: FormData, t: TFunction) {
  return parseWithZod(formData, { schema: createOrderSchema(t) });
}

export function parseConfirmForm(formData: FormData, t: TFunction) {
  return parseWithZod(formData, { schema: createConfirmSchema(t) });
}
