/**
 * The zod schemas of a fund investment (docs/product.md#funds, #validation): its "Review" and its review's "Confirm", shared by the
 * action and the component (docs/decisions/0200-one-form-kit.md, 0210).
 */
import { z } from "zod";

import { idField, idempotencyKey, intent, type T } from "~/features/products/purchase.schema";

export function createFundReviewSchema(t: T) {
  return z.object({ intent: intent("review", t), invest: idField(t("funds.gone")) });
}

export function createFundConfirmSchema(t: T) {
  return z.object({
    intent: intent("confirm", t),
    invest: idField(t("funds.gone")),
    idempotency_key: idempotencyKey(t),
  });
}
