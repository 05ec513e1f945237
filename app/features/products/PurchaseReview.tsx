import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { Field } from "~/components/ui/Field";
import { CheckAnswers, reviewTexts, type ReviewOptions, type ReviewProps } from "~/forms/CheckAnswers";
import type { ClientFailure, useMoneyReply } from "~/forms/client-action";
import type { ActionReply } from "~/forms/reply";
import { StepDialog } from "~/forms/StepDialog";
import type { FormConstraint } from "~/forms/useZodForm";
import { transactionPasswordHref } from "~/utils/hrefs";

/** What a purchase screen's action (or its clientAction, when the network lost the submit) answered. */
export type ProductReply = ActionReply | ClientFailure;

/** That answer as the review's Confirm reads it (useMoneyReply's `confirm`). */
export type ConfirmReply = ReturnType<typeof useMoneyReply>["confirm"];

/** The review's transaction password: asked for here, at the moment of confirming, never carried in a URL. */
export interface ReviewPassword {
  /** False: the customer has none yet; the review says so and links to where it is set. */
  isSet: boolean;
}

/**
 * "Check your purchase" before money moves (docs/product.md#block-trading, #ipo, #funds; docs/decisions/0101, 0135):
 * what, how much, the total, and one Confirm that posts the intent's fields with its idempotency key (minted when the
 * review was first shown, carried in this page's URL). A block/QIP purchase also asks for the transaction password
 * here. "Change" is the safe choice and drops the key. Without JS the review is a page; with JS the same markup is a
 * native modal dialog (StepDialog). A failed Confirm stays here with what happened; an unknown outcome points to the
 * orders, where the purchase shows if it was made, and confirming again can only replay it.
 */
export function PurchaseReview({
  ordersHref,
  password,
  ...review
}: ReviewProps & {
  ordersHref: string;
  /** The Confirm's schema, loaded by `import()` (a `*.schema.ts` module, docs/ARCHITECTURE.md#forms). */
  schema: NonNullable<ReviewOptions["schema"]>;
  /** Its native constraints, from the loader. */
  constraint: FormConstraint;
  password?: ReviewPassword;
}) {
  const { t } = useTranslation("products");
  const canConfirm = !password || password.isSet;
  return (
    <CheckAnswers
      {...review}
      constraint={review.constraint}
      recordsHref={ordersHref}
      formId="product-review"
      confirmId="product-confirm"
      texts={reviewTexts(t, t("review.checkOrders"))}
      listClassName="pr-review"
      frame={{ dialog: StepDialog }}
      notice={canConfirm ? null : <NoTransactionPassword />}
      canConfirm={canConfirm}
      ask={password ? { name: "stock_password", render: (field) => <PasswordField field={field} /> } : undefined}
    />
  );
}

/** The transaction password, asked for at the moment of confirming (never filled back in after a refused Confirm). */
function PasswordField({ field }: { field: FieldMetadata<string> }) {
  const { t } = useTranslation("products");
  return (
    <Field
      label={t("buy.code")}
      hint={t("buy.codeHint")}
      errors={field.errors}
      inputProps={{
        ...getInputProps(field, { type: "password", ariaAttributes: false }),
        // Never filled back in after a refused Confirm (the action hides it from its reply).
        defaultValue: undefined,
        inputMode: "numeric",
        autoComplete: "off",
        maxLength: 6,
      }}
    />
  );
}

/** The customer has no transaction password yet: say so and where it is set (docs/product.md#passwords). */
export function NoTransactionPassword() {
  const { t } = useTranslation("products");
  return (
    <div className="notice">
      <p>{t("buy.noPassword")}</p>
      <Link to={transactionPasswordHref()}>{t("buy.setPassword")}</Link>
    </div>
  );
}
