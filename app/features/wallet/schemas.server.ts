/**
 * The zod schemas of the wallet forms, one per form that posts (docs/product.md#recharge, #withdraw, #loans,
 * #bank-cards, #real-name, #validation), intent-only forms included. Each is parsed with Conform in its action
 * with messages in the request's language; the browser gets only `getZodConstraint(schema)` through the loader
 * (docs/decisions/0006). Server only: no zod in the browser.
 */
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { z } from "zod";

import type { Deployment } from "~/deployment";
import type { FormatContext } from "~/format";
import { IDEMPOTENCY_KEY } from "~/features/trading/forms.server";
import type { TFunction } from "~/i18n-react";
import { ID_TYPES, type WalletSettings } from "~/provider/wallet.server";

import { WHOLE_AMOUNT, WITHDRAW_FLOOR, formatMinimum } from "./amounts";

type T = TFunction<"wallet">;

/** What an amount field says, in order: missing, not whole digits, under each minimum (the first one that fails). */
interface AmountMessages {
  required: string;
  invalid: string;
  minimums: { value: string; message: string }[];
}

/** A whole amount in digits, never coerced or clamped: the typed text comes back as typed with its message. */
function amountField(messages: AmountMessages) {
  return z.string({ required_error: messages.required }).superRefine((value, ctx) => {
    if (!WHOLE_AMOUNT.test(value)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: messages.invalid });
      return;
    }
    const below = messages.minimums.find((minimum) => BigInt(value) < BigInt(minimum.value));
    if (below) ctx.addIssue({ code: z.ZodIssueCode.custom, message: below.message });
  });
}

const idempotencyKey = (t: T) =>
  z.string({ required_error: t("errors.keyMissing") }).regex(IDEMPOTENCY_KEY, t("errors.keyMissing"));

const intent = <N extends string>(name: N, t: T) => z.literal(name, { errorMap: () => ({ message: t("errors.keyMissing") }) });

/* ---------------------------------------------------------------- recharge */

function rechargeFields(t: T, settings: WalletSettings, fmt: FormatContext) {
  return {
    method: z.literal("bank", { errorMap: () => ({ message: t("recharge.methodRequired") }) }),
    amount: amountField({
      required: t("recharge.amountRequired"),
      invalid: t("recharge.amountInvalid"),
      minimums: [{ value: settings.minRecharge, message: t("recharge.minimum", { amount: formatMinimum(settings.minRecharge, fmt) }) }],
    }),
  };
}

export function createRechargeSchema(t: T, settings: WalletSettings, fmt: FormatContext) {
  return z.object({ intent: intent("review", t), ...rechargeFields(t, settings, fmt) });
}

export function createRechargeConfirmSchema(t: T, settings: WalletSettings, fmt: FormatContext) {
  return z.object({ intent: intent("confirm", t), ...rechargeFields(t, settings, fmt), idempotency_key: idempotencyKey(t) });
}

/* ---------------------------------------------------------------- withdraw */

function withdrawFields(t: T, settings: WalletSettings, fmt: FormatContext) {
  return {
    card: z.string({ required_error: t("withdraw.cardRequired") }).regex(/^[0-9]{1,10}$/, t("withdraw.cardRequired")),
    amount: amountField({
      required: t("withdraw.amountRequired"),
      invalid: t("withdraw.amountInvalid"),
      minimums: [
        { value: WITHDRAW_FLOOR, message: t("withdraw.floor", { amount: formatMinimum(WITHDRAW_FLOOR, fmt) }) },
        { value: settings.minWithdraw, message: t("withdraw.minimum", { amount: formatMinimum(settings.minWithdraw, fmt) }) },
      ],
    }),
  };
}

export function createWithdrawSchema(t: T, settings: WalletSettings, fmt: FormatContext) {
  return z.object({ intent: intent("review", t), ...withdrawFields(t, settings, fmt) });
}

export function createWithdrawConfirmSchema(t: T, settings: WalletSettings, fmt: FormatContext) {
  return z.object({ intent: intent("confirm", t), ...withdrawFields(t, settings, fmt), idempotency_key: idempotencyKey(t) });
}

/* ---------------------------------------------------------------- loan */

function loanFields(t: T, settings: WalletSettings, fmt: FormatContext) {
  return {
    amount: amountField({
      required: t("loan.amountRequired"),
      invalid: t("loan.amountInvalid"),
      minimums: [{ value: settings.minLoan, message: t("loan.minimum", { amount: formatMinimum(settings.minLoan, fmt) }) }],
    }),
  };
}

export function createLoanSchema(t: T, settings: WalletSettings, fmt: FormatContext) {
  return z.object({ intent: intent("review", t), ...loanFields(t, settings, fmt) });
}

export function createLoanConfirmSchema(t: T, settings: WalletSettings, fmt: FormatContext) {
  return z.object({ intent: intent("confirm", t), ...loanFields(t, settings, fmt), idempotency_key: idempotencyKey(t) });
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
export function createBankCardSchema(t: T, deployment: Deployment) {
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

/* ---------------------------------------------------------------- parsing helpers */

export const parseForm = <S extends z.ZodTypeAny>(formData: FormData, schema: S) => parseWithZod(formData, { schema });
export const constraintOf = (schema: z.ZodTypeAny) => getZodConstraint(schema);

export type RechargeFields = z.input<ReturnType<typeof createRechargeConfirmSchema>>;
export type WithdrawFields = z.input<ReturnType<typeof createWithdrawConfirmSchema>>;
export type LoanFields = z.input<ReturnType<typeof createLoanConfirmSchema>>;
export type BankCardFields = z.input<ReturnType<typeof createBankCardSchema>>;
export type RealNameFields = z.input<ReturnType<typeof createRealNameSchema>>;
