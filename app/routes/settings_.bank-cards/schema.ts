/** The card form's one schema (docs/ARCHITECTURE.md#forms): the action parses with it, the form checks it on submit. */
import { z } from "zod";

import type { Deployment } from "~/deployment";
import { stepUpCodeField } from "~/features/security/code.schema";
import type { FormConstraint } from "~/forms/useZodForm";
import type { TFunction } from "~/i18n/config";
import type { CardFigures } from "~/provider/wallet.server";

type T = TFunction<"wallet">;

/** IFSC: 4 letters, a zero, 6 letters or digits (upper-cased first, as the provider does). */
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const withoutSpaces = (value: string) => value.replace(/[\s-]/g, "");

const text = (required: string, max = 100) =>
  z.string({ required_error: required }).trim().min(1, required).max(max, required);

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
    id: z
      .string()
      .regex(/^[0-9]{1,10}$/, t("cards.failed"))
      .optional(),
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
    // The second factor when two-factor is on (docs/product.md#two-factor-and-devices); the provider judges it.
    code: stepUpCodeField(),
  };
  return z.object(fields).superRefine((value, ctx) => {
    if (value.intent === "edit" && !value.id)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["id"], message: t("cards.updateFailed") });
  });
}

export type CardField = Deployment["bankCardFields"][number];

/** A card as the list shows it: no full number (docs/product.md#bank-cards), only its last four digits. */
export type ListedCard = Omit<CardFigures, "number">;

export interface BankCardsData {
  /** The deployment's fields, in the order the form shows them. */
  fields: CardField[];
  cards: ListedCard[];
  failed: boolean;
  /** The open step: adding, or editing one of the cards. */
  step: { kind: "add" } | { kind: "edit"; card: CardFigures } | null;
  /** The form asks for a current authenticator code (two-factor is on). */
  askCode: boolean;
  /** The deployment whose card form this is (its schema). */
  deployment: Pick<Deployment, "code">;
  /** The card form's native constraints (docs/decisions/0280-validation-loads-after-hydration.md). */
  constraint: FormConstraint;
}
