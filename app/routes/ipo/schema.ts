/**
 * The zod schemas of an IPO application (docs/product.md#ipo, #validation): its "Review" and its review's "Confirm", shared by the
 * action and the component (docs/decisions/0200-one-form-kit.md, 0210).
 */
import { z } from "zod";

import { idField, idempotencyKey, intent, quantityField, type T } from "~/features/products/schemas";

function ipoQuantity(t: T, range: { min: number; max: number }) {
  const outOfRange = t("ipo.outOfRange", { min: range.min, max: range.max });
  return quantityField(
    { required: t("ipo.quantityRequired"), digits: t("ipo.digitsOnly"), min: outOfRange, max: outOfRange },
    range.min,
    range.max,
  );
}

export function createIpoReviewSchema(t: T, range: { min: number; max: number }) {
  return z.object({ intent: intent("review", t), apply: idField(t("ipo.gone")), quantity: ipoQuantity(t, range) });
}

export function createIpoConfirmSchema(t: T, range: { min: number; max: number }) {
  return z.object({
    intent: intent("confirm", t),
    apply: idField(t("ipo.gone")),
    quantity: ipoQuantity(t, range),
    idempotency_key: idempotencyKey(t),
  });
}
