/**
 * What the money forms' schemas share (docs/product.md#recharge, #withdraw, #loans, #validation): the amount field,
 * the intent and the key. Each screen's own schema is `routes/<screen>.schema.ts` (docs/ARCHITECTURE.md#forms). Only
 * the `errors` section's keys and the screen's own section here, so a screen names no other screen's strings.
 */
import { z } from "zod";

import { idempotencyKeyField, wholeAmountField, type Floor } from "~/forms/fields";
import type { TFunction } from "~/i18n/config";
import type { FormatContext } from "~/i18n/format";

import { formatMinimum } from "./amounts";
import type { MoneyScreenName } from "./MoneyFormScreen";

type T = TFunction<"wallet">;

/**
 * A money form's whole amount (the kit's `wholeAmountField`) in the screen's words: missing
 * (`<screen>.amountRequired`), not whole digits (`.amountInvalid`), under `floor` (its own message), under `minimum`
 * (`.minimum`).
 */
export function moneyAmountField(t: T, fmt: FormatContext, screen: MoneyScreenName, minimum: string, floor?: Floor) {
  const floors = [
    ...(floor ? [floor] : []),
    { value: minimum, message: t(`${screen}.minimum`, { amount: formatMinimum(minimum, fmt) }) },
  ];
  return wholeAmountField({ required: t(`${screen}.amountRequired`), invalid: t(`${screen}.amountInvalid`) }, floors);
}

const intent = <N extends string>(name: N, t: T) =>
  z.literal(name, { errorMap: () => ({ message: t("errors.keyMissing") }) });

/** A money form's two schemas: "Review" (`intent=review` and the fields), "Confirm" (the same plus the key). */
export function moneySchemas<Fields extends z.ZodRawShape>(t: T, fields: Fields) {
  return {
    review: z.object({ intent: intent("review", t), ...fields }),
    confirm: z.object({
      intent: intent("confirm", t),
      ...fields,
      idempotency_key: idempotencyKeyField(t("errors.keyMissing")),
    }),
  };
}
