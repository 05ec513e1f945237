/**
 * The "Yes, cancel order" form (docs/product.md "Order types"): an intent-only form carrying the page's
 * idempotency key. Loaded by the route only with `await import(...)`.
 */
import { z } from "zod";

import { idempotencyKeyField } from "~/forms/fields";
import type { TFunction } from "~/i18n/config";

export function createCancelOrderSchema(t: TFunction) {
  return z.object({
    intent: z.literal("cancel", { errorMap: () => ({ message: t("errors.submissionFailed") }) }),
    idempotency_key: idempotencyKeyField(t("errors.submissionFailed")),
  });
}
