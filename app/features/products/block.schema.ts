/**
 * The block/QIP purchase's forms (docs/product.md#block-trading, #validation): its "Review" and its review's
 * "Confirm", shared by the block-trading and QIP screens. Nothing is coerced or clamped: a typed quantity comes back
 * as typed, with its message.
 */
import { z } from "zod";

import { quantityField } from "~/forms/fields";

import { TRANSACTION_PASSWORD, idField, idempotencyKey, intent, type T } from "./purchase.schema";

export interface BlockLimits {
  /** The offer's minimum quantity. */
  min: number;
  /** What the balance buys (review only; the Confirm leaves money to the provider, which answers for it). */
  max: number | null;
}

function blockQuantity(t: T, limits: BlockLimits) {
  return quantityField(
    {
      // docs/product.md#block-trading: a missing quantity or code is "Please enter all required fields".
      required: t("buy.required"),
      invalid: t("buy.digitsOnly"),
      min: t("buy.belowMinimum", { min: limits.min }),
      max: t("buy.aboveMaximum", { max: limits.max ?? 0 }),
    },
    limits.min,
    limits.max,
  );
}

/** The buy step's "Review purchase": which offer and how many. */
export function createBlockReviewSchema(t: T, limits: BlockLimits) {
  return z.object({
    intent: intent("review", t),
    buy: idField(t("buy.offerGone")),
    quantity: blockQuantity(t, limits),
  });
}

/** The review's "Confirm purchase": the same offer and quantity, the transaction password and the intent's key. */
export function createBlockConfirmSchema(t: T, limits: BlockLimits) {
  return z.object({
    intent: intent("confirm", t),
    buy: idField(t("buy.offerGone")),
    quantity: blockQuantity(t, { min: limits.min, max: null }),
    stock_password: z.string({ required_error: t("buy.required") }).regex(TRANSACTION_PASSWORD, t("buy.codeFormat")),
    idempotency_key: idempotencyKey(t),
  });
}

export type BlockReviewFields = z.input<ReturnType<typeof createBlockReviewSchema>>;
export type BlockConfirmFields = z.input<ReturnType<typeof createBlockConfirmSchema>>;
