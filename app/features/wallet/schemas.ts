/**
 * What the money forms' schemas share (docs/product.md#recharge, #withdraw, #loans, #validation): the amount field,
 * the intent and the key. Each screen's own schemas are in `<screen>-schemas.ts` beside this, used by its action
 * (messages in the request's language) and its component (`useZodForm`, docs/ARCHITECTURE.md#forms). Only the `errors` section's
 * keys here, so a screen that imports it names no other screen's strings.
 */
import { z } from "zod";

import { idempotencyKeyField } from "~/forms/fields";
import type { TFunction } from "~/i18n/config";
import type { FormatContext } from "~/i18n/format";

import { WHOLE_AMOUNT, formatMinimum } from "./amounts";
import type { MoneyScreenName } from "./MoneyFormScreen";

export type T = TFunction<"wallet">;

/**
 * A money form's whole amount in digits, never coerced or clamped: the typed text comes back as typed with its
 * message, the first that applies: missing (`<screen>.amountRequired`), not whole digits (`.amountInvalid`), under
 * `floor` (its own message), under `minimum` (`.minimum`).
 */
export function amountField(
  t: T,
  fmt: FormatContext,
  screen: MoneyScreenName,
  minimum: string,
  floor?: { value: string; message: string },
) {
  const minimums = [
    ...(floor ? [floor] : []),
    { value: minimum, message: t(`${screen}.minimum`, { amount: formatMinimum(minimum, fmt) }) },
  ];
  return z.string({ required_error: t(`${screen}.amountRequired`) }).superRefine((value, ctx) => {
    if (!WHOLE_AMOUNT.test(value)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: t(`${screen}.amountInvalid`) });
      return;
    }
    const below = minimums.find((entry) => BigInt(value) < BigInt(entry.value));
    if (below) ctx.addIssue({ code: z.ZodIssueCode.custom, message: below.message });
  });
}

const idempotencyKey = (t: T) => idempotencyKeyField(t("errors.keyMissing"));

const intent = <N extends string>(name: N, t: T) =>
  z.literal(name, { errorMap: () => ({ message: t("errors.keyMissing") }) });

/** A money form's two schemas: "Review" (`intent=review` and the fields), "Confirm" (the same plus the key). */
export function moneySchemas<Fields extends z.ZodRawShape>(t: T, fields: Fields) {
  return {
    review: z.object({ intent: intent("review", t), ...fields }),
    confirm: z.object({ intent: intent("confirm", t), ...fields, idempotency_key: idempotencyKey(t) }),
  };
}
