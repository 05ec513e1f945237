/**
 * The zod schemas of the wallet forms, one per form that posts (docs/product.md#recharge, #withdraw, #loans,
 * #bank-cards, #real-name, #validation), intent-only forms included. The action parses with it (messages in the
 * request's language) and the component drives `useZodForm` with it (docs/ARCHITECTURE.md#forms).
 */
import { z } from "zod";

import type { Deployment } from "~/deployment";
import type { FormatContext } from "~/i18n/format";
import { idempotencyKeyField } from "~/forms/idempotency";
import type { TFunction } from "~/i18n/config";
import { ID_TYPES } from "~/provider/id-types";
import type { WalletSettings } from "~/provider/wallet.server";

import { WHOLE_AMOUNT, WITHDRAW_FLOOR, formatMinimum } from "./amounts";
import type { MoneyScreenName } from "./MoneyFormScreen";

type T = TFunction<"wallet">;

/**
 * A money form's whole amount in digits, never coerced or clamped: the typed text comes back as typed with its
 * message, the first that applies: missing (`<screen>.amountRequired`), not whole digits (`.amountInvalid`), under
 * `floor` (its own message), under `minimum` (`.minimum`).
 */
function amountField(t: T, fmt: FormatContext, screen: MoneyScreenName, minimum: string, floor?: { value: string; message: string }) {
  const minimums = [...(floor ? [floor] : []), { value: minimum, message: t(`${screen}.minimum`, { amount: formatMinimum(minimum, fmt) }) }];
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

const intent = <N extends string>(name: N, t: T) => z.literal(name, { errorMap: () => ({ message: t("errors.keyMissing") }) });

/** A money form's two schemas: "Review" (`intent=review` and the fields), "Confirm" (the same plus the key). */
function moneySchemas<Fields extends z.ZodRawShape>(t: T, fields: Fields) {
  return {
    review: z.object({ intent: intent("review", t), ...fields }),
    confirm: z.object({ intent: intent("confirm", t), ...fields, idempotency_key: idempotencyKey(t) }),
  };
}

/* ---------------------------------------------------------------- recharge, withdraw, loan */

export function rechargeSchemas(t: T, settings: WalletSettings, fmt: FormatContext) {
  return moneySchemas(t, {
    method: z.literal("bank", { errorMap: () => ({ message: t("recharge.methodRequired") }) }),
    amount: amountField(t, fmt, "recharge", settings.minRecharge),
  });
}

/** docs/product.md#withdraw: at least the floor (10), then at least the configured minimum. */
export function withdrawSchemas(t: T, settings: WalletSettings, fmt: FormatContext) {
  return moneySchemas(t, {
    card: z.string({ required_error: t("withdraw.cardRequired") }).regex(/^[0-9]{1,10}$/, t("withdraw.cardRequired")),
    amount: amountField(t, fmt, "withdraw", settings.minWithdraw, {
      value: WITHDRAW_FLOOR,
      message: t("withdraw.floor", { amount: formatMinimum(WITHDRAW_FLOOR, fmt) }),
    }),
  });
}

export function loanSchemas(t: T, settings: WalletSettings, fmt: FormatContext) {
  return moneySchemas(t, { amount: amountField(t, fmt, "loan", settings.minLoan) });
}

/* ---------------------------------------------------------------- bank cards */

/** IFSC: 4 letters, a zero, 6 letters or digits (upper-cased first, as the provider does). */
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const withoutSpaces = (value: string) => value.replace(/[\s-]/g, "");

const text = (required: string, max = 100) => z.string({ required_error: required }).trim().min(1, required).max(max, required);

/**
 * One card form per deployment (docs/product.md#bank-cards): INR name, bank, IFSC and account number; MXN bank
 * name, card number and cardholder. All required. The number's length rule is the provider's, said on the field.
 */
export function createBankCardSchema(t: T, deployment: Pick<Deployment, "code">) {
  const number =
    deployment.code === "INR"
      ? { pattern: /^[0-9]{9,18}$/, required: t("cards.accountRequired"), invalid: t("cards.accountInvalid") }
      : { pattern: /^[0-9]{10,20}$/, required: t("cards.cardRequired"), invalid: t("cards.cardInvalid") };
  const fields = {
    intent: z.enum(["add", "edit"], { errorMap: () => ({ message: t("cards.failed") }) }),
    id: z.string().regex(/^[0-9]{1,10}$/, t("cards.failed")).optional(),
    bank: text(t("cards.bankRequired")),
    bank_user: text(t(deployment.code === "INR" ? "cards.nameRequired" : "cards.holderRequired")),
    bank_card: z
      .string({ required_error: number.required })
      .transform(withoutSpaces)
      .pipe(z.string().regex(number.pattern, number.invalid)),
    ifsc:
      deployment.code === "INR"
        ? z
            .string({ required_error: t("cards.ifscRequired") })
            .transform((value) => value.trim().toUpperCase())
            .pipe(z.string().regex(IFSC, t("cards.ifscInvalid")))
        : z.string().optional(),
  };
  return z.object(fields).superRefine((value, ctx) => {
    if (value.intent === "edit" && !value.id) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["id"], message: t("cards.updateFailed") });
  });
}

/* ---------------------------------------------------------------- real-name */

/** A photo field: a non-empty file whose declared type is an image (the provider checks the bytes). */
function photoField(t: T, required: string) {
  return z
    .instanceof(File, { message: required })
    .refine((file) => file.size > 0, required)
    .refine((file) => file.type === "" || file.type.startsWith("image/"), t("realName.notImage"));
}

export function createRealNameSchema(t: T) {
  return z.object({
    real_name: text(t("realName.nameRequired")),
    id_type: z.enum(ID_TYPES, { errorMap: () => ({ message: t("realName.idTypeRequired") }) }),
    id_number: z
      .string({ required_error: t("realName.idNumberRequired") })
      .trim()
      .regex(/^[A-Za-z0-9 -]{4,40}$/, t("realName.idNumberInvalid")),
    front: photoField(t, t("realName.frontRequired")),
    back: photoField(t, t("realName.backRequired")),
  });
}

/* ---------------------------------------------------------------- account card */

/** The eye toggle's form: hide (1) or show (0) the amounts. */
export const balanceVisibilitySchema = z.object({ intent: z.literal("visibility"), hidden: z.enum(["0", "1"]) });

export type BankCardFields = z.input<ReturnType<typeof createBankCardSchema>>;
export type RealNameFields = z.input<ReturnType<typeof createRealNameSchema>>;
