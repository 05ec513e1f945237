import { IDEMPOTENCY_KEY } from "~/forms/idempotency";

import { isBelow, isWholeAmount } from "./amounts";

/**
 * What a money screen's URL says: the amount typed (the form's starting value) and, for `step=review` with a key
 * and a whole amount from `minimum` up, the review (the route may ask more of it, e.g. the card).
 */
export function readMoneyStep(request: Request, minimum: string) {
  const query = new URL(request.url).searchParams;
  const amount = query.get("amount")?.slice(0, 20) ?? "";
  const key = query.get("key") ?? "";
  const reviewable =
    query.get("step") === "review" && IDEMPOTENCY_KEY.test(key) && isWholeAmount(amount) && !isBelow(amount, minimum);
  return { query, amount, review: reviewable ? { key, amount } : null };
}
