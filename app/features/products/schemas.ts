/**
 * The zod schemas of the block/QIP purchase (docs/product.md#block-trading, #validation): its "Review" and its
 * review's "Confirm", and the pieces the IPO and fund routes build theirs with (routes/ipo/schema.ts,
 * routes/fund-investment/schema.ts: a route that imports this module names only the `buy` section). Shared (docs/decisions/0200-one-form-kit.md): the
 * actions parse with them (`context.t`), the quantity steps drive `useZodForm` with them (`t` from `useTranslation`).
 * Nothing is coerced or clamped: a typed quantity comes back as typed, with its message.
 */
import { z } from "zod";

import { IDEMPOTENCY_KEY } from "~/forms/idempotency";
import type { TFunction } from "~/i18n/config";

import { QUANTITY_DIGITS, boundBroken } from "./quantity";

export type T = TFunction<"products">;

/** Offer, IPO and fund ids are digit strings. */
const ID = /^[0-9]{1,10}$/;
/** The transaction password: exactly 6 digits (docs/product.md#passwords). */
const TRANSACTION_PASSWORD = /^[0-9]{6}$/;

export const intent = <N extends string>(name: N, t: T) =>
  z.literal(name, { errorMap: () => ({ message: t("errors.submissionFailed") }) });
export const idField = (message: string) => z.string({ required_error: message }).regex(ID, message);
export const idempotencyKey = (t: T) =>
  z.string({ required_error: t("errors.submissionFailed") }).regex(IDEMPOTENCY_KEY, t("errors.submissionFailed"));

/** A whole quantity within `min..max` (`max` null: none above), with the screen's own words for each problem. */
export function quantityField(
  messages: { required: string; digits: string; min: string; max: string },
  min: number,
  max: number | null,
) {
  return z
    .string({ required_error: messages.required })
    .regex(QUANTITY_DIGITS, messages.digits)
    .transform(Number)
    .superRefine((value, ctx) => {
      const bound = boundBroken(value, min, max);
      if (bound) ctx.addIssue({ code: z.ZodIssueCode.custom, message: bound === "min" ? messages.min : messages.max });
    });
}

/* ---------------------------------------------------------------- block trading and QIP */

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
      digits: t("buy.digitsOnly"),
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
