/**
 * The zod schemas of an IPO application (docs/product.md#ipo, #validation): its "Review" and its review's "Confirm", shared by the
 * action and the component (docs/decisions/0200-one-form-kit.md, 0210).
 */
import { z } from "zod";

import { idField, idempotencyKey, intent, type T } from "~/features/products/purchase.schema";
import { boundBroken } from "~/features/products/quantity";
import { quantityField } from "~/forms/fields";

export interface IpoRange {
  min: number;
  max: number;
  /**
   * Review only: the most shares the available balance holds and the field's message past it (ipoBalanceMessage);
   * null when the balance or the rate is unknown, and on Confirm, whose money the provider answers for.
   */
  balance?: { most: number; message: string } | null;
}

function ipoQuantity(t: T, range: IpoRange) {
  const outOfRange = t("ipo.outOfRange", { min: range.min, max: range.max });
  const field = quantityField(
    { required: t("ipo.quantityRequired"), invalid: t("ipo.digitsOnly"), min: outOfRange, max: outOfRange },
    range.min,
    range.max,
  );
  const balance = range.balance;
  if (!balance) return field;
  // A quantity in range whose hold is more than the balance: said on the field before the review (docs/product.md#ipo).
  return field.superRefine((value, ctx) => {
    if (!boundBroken(value, range.min, range.max) && value > balance.most)
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: balance.message });
  });
}

export function createIpoReviewSchema(t: T, range: IpoRange) {
  return z.object({ intent: intent("review", t), apply: idField(t("ipo.gone")), quantity: ipoQuantity(t, range) });
}

export function createIpoConfirmSchema(t: T, range: { min: number; max: number }) {
  return z.object({
    intent: intent("confirm", t),
    apply: idField(t("ipo.gone")),
    quantity: ipoQuantity(t, { min: range.min, max: range.max }),
    idempotency_key: idempotencyKey(t),
  });
}
