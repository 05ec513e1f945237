/**
 * The pieces the purchases' schemas are built with (block/QIP `block.schema.ts`, `routes/ipo/schema.ts`,
 * `routes/fund-investment/schema.ts`; docs/product.md#block-trading, #ipo, #funds, #validation): the intent, the
 * item's id, the idempotency key. The quantity is the kit's `quantityField` (app/forms/fields.ts).
 */
import { z } from "zod";

import { idempotencyKeyField } from "~/forms/fields";
import type { TFunction } from "~/i18n/config";

export type T = TFunction<"products">;

/** Offer, IPO and fund ids are digit strings. */
const ID = /^[0-9]{1,10}$/;
/** The transaction password: exactly 6 digits (docs/product.md#passwords). */
export const TRANSACTION_PASSWORD = /^[0-9]{6}$/;

export const intent = <N extends string>(name: N, t: T) =>
  z.literal(name, { errorMap: () => ({ message: t("errors.submissionFailed") }) });
export const idField = (message: string) => z.string({ required_error: message }).regex(ID, message);
export const idempotencyKey = (t: T) => idempotencyKeyField(t("errors.submissionFailed"));
