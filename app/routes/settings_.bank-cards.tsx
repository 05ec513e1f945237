/**
 * /settings/bank-cards (auth; docs/product.md#bank-cards): the customer's cards with their review status (pending,
 * approved, rejected with the reason), the number masked to its last four digits, and an Edit link each; "Add a
 * bank card". Adding and editing are steps with
 * their own URL (`?add=1`, `?edit=<id>`): a page without JS, a native dialog with it (decision 0123). The fields
 * are the deployment's (MXN bank name, card number, cardholder; INR name, bank, IFSC, account number), all
 * required; a new or changed card waits for an operator, and editing an approved card says so before Save (it
 * stops receiving withdrawals until approved again). Success: "Bank card saved"; failure: the provider's
 * reason on its field, else "Failed to add bank card" / "Failed to update bank card".
 */
import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";

import { Field } from "~/components/ui/Field";
import { FormErrorSummary } from "~/components/ui/FormErrors";
import { RetryNotice } from "~/components/ui/RetryNotice";
import type { Deployment } from "~/deployment";
import { walletLinks } from "~/features/wallet/route-exports";
import type { T } from "~/features/wallet/schemas";
import { formAction } from "~/forms/action.server";
import { hiddenProps } from "~/forms/hidden";
import { StepDialog } from "~/forms/StepDialog";
import { useHydrated } from "~/forms/useHydrated";
import { useZodForm } from "~/forms/useZodForm";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { attempt, logFailure } from "~/provider/failures.server";
import { addBankCard, cardFigures, editBankCard, getBankCards, type CardFigures } from "~/provider/wallet.server";
import { bankCardsHref, settingsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext } from "~/utils/request.server";

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
  };
  return z.object(fields).superRefine((value, ctx) => {
    if (value.intent === "edit" && !value.id)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["id"], message: t("cards.updateFailed") });
  });
}

export const handle: PageHandle = { i18n: ["wallet:cards", "wallet:settings"], titleKey: "wallet:cards.title" };
export const links = walletLinks;
export const headers = noStoreHeaders;

type CardField = Deployment["bankCardFields"][number];

/** A card as the list shows it: no full number (docs/product.md#bank-cards), only its last four digits. */
export type ListedCard = Omit<CardFigures, "number">;

/** The card status an operator approved: the only one that can receive withdrawals. */
const APPROVED = 1;

export interface BankCardsData {
  /** The deployment's fields, in the order the form shows them. */
  fields: CardField[];
  cards: ListedCard[];
  failed: boolean;
  /** The open step: adding, or editing one of the cards. */
  step: { kind: "add" } | { kind: "edit"; card: CardFigures } | null;
  /** The deployment whose card form this is (its schema). */
  deployment: Pick<Deployment, "code">;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "wallet");
  const cards = await attempt(getBankCards(context.provider));
  if (!cards.ok) logFailure("bank cards", cards.failure);
  const list = cards.ok ? cards.data.map(cardFigures) : [];
  const query = new URL(request.url).searchParams;
  const editing = list.find((card) => String(card.id) === query.get("edit"));
  const data: BankCardsData = {
    fields: context.deployment.bankCardFields.filter((field) => field !== "branch_bank"),
    cards: list.map(({ number: _number, ...card }) => card),
    failed: !cards.ok,
    step: editing ? { kind: "edit", card: editing } : query.get("add") === "1" ? { kind: "add" } : null,
    deployment: { code: context.deployment.code },
  };
  return json(data, { status: cards.ok ? 200 : 503, headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request, "wallet");
  const formData = await request.formData();
  return formAction(formData, {
    schema: createBankCardSchema(context.t, context.deployment),
    t: context.t,
    where: "bank card",
    call: ({ intent, id, bank, bank_user, bank_card, ifsc }) => {
      const card = { bank, bank_user, bank_card, ifsc: ifsc ?? "" };
      return intent === "edit"
        ? editBankCard(context.provider, { ...card, id: Number(id) })
        : addBankCard(context.provider, card);
    },
    codeFields: { ifsc_invalid: "ifsc", bank_card_invalid: "bank_card", bank_card_exists: "bank_card" },
    inputFields: { bank: "bank", type: "bank", bank_user: "bank_user", bank_card: "bank_card", ifsc: "ifsc" },
    fallbackKey: formData.get("intent") === "edit" ? "wallet:cards.updateFailed" : "wallet:cards.failed",
    success: () => ({ to: bankCardsHref(), toast: { key: "wallet:toast.cardSaved" } }),
  });
}

const LABELS = {
  INR: { bank_user: "cards.name", bank: "cards.bank", ifsc: "cards.ifsc", bank_card: "cards.accountNumber" },
  MXN: { bank_user: "cards.holder", bank: "cards.bank", ifsc: "cards.ifsc", bank_card: "cards.cardNumber" },
} as const;

function useCardLabels() {
  const { t } = useTranslation("wallet");
  return (field: Exclude<CardField, "branch_bank">, fields: CardField[]) =>
    t(LABELS[fields.includes("ifsc") ? "INR" : "MXN"][field]);
}

export default function BankCardsPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("wallet");
  const hydrated = useHydrated();
  const label = useCardLabels();
  const location = useLocation();
  const step = data.step;
  // Without JS the step is the page; with JS it is a dialog over the list.
  const showList = !step || hydrated;
  return (
    <div className="wl-page">
      <h1 tabIndex={-1}>{t("cards.heading")}</h1>
      {step ? <CardForm key={location.search} data={data} step={step} lastResult={reply?.result} /> : null}
      {showList ? (
        <>
          {data.failed ? (
            <RetryNotice message={t("cards.loadFailed")} href={bankCardsHref()} retryLabel={t("cards.retry")} />
          ) : data.cards.length === 0 ? (
            <p className="wl-empty">{t("cards.empty")}</p>
          ) : (
            <ul className="list wl-cards">
              {data.cards.map((card) => (
                <li key={card.id} className="wl-card">
                  <div className="wl-card__main">
                    <p className="wl-card__bank">{card.bank}</p>
                    <dl className="wl-card__grid">
                      {data.fields
                        .filter(
                          (field): field is Exclude<CardField, "branch_bank" | "bank"> =>
                            field !== "bank" && field !== "branch_bank",
                        )
                        .map((field) => (
                          <div key={field}>
                            <dt>{label(field, data.fields)}</dt>
                            <dd>
                              {field === "bank_card" ? (
                                <MaskedNumber last4={card.last4} />
                              ) : field === "ifsc" ? (
                                card.ifsc
                              ) : (
                                card.holder
                              )}
                            </dd>
                          </div>
                        ))}
                      <div>
                        <dt>{t("cards.statusLabel")}</dt>
                        <dd>
                          <span className={`wl-card-status wl-card-status--${card.status}`}>
                            {t(`cards.statusName.${card.status}`)}
                          </span>
                          {card.status === 2 && card.reason ? (
                            <span> {t("cards.rejectedReason", { reason: card.reason })}</span>
                          ) : null}
                        </dd>
                      </div>
                    </dl>
                  </div>
                  <Link
                    to={bankCardsHref({ edit: card.id })}
                    className="button button--secondary button--small"
                    aria-label={t("cards.editOf", { last4: card.last4 })}
                    preventScrollReset
                  >
                    {t("cards.edit")}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <p className="actions">
            <Link to={bankCardsHref({ add: true })} className="button" preventScrollReset>
              {t("cards.add")}
            </Link>
            <Link to={settingsHref()} className="button button--secondary">
              {t("settings.back")}
            </Link>
          </p>
        </>
      ) : null}
    </div>
  );
}

/** "•••• 4321" on screen; "ending 4321" to a screen reader (the dots are not read out). */
function MaskedNumber({ last4 }: { last4: string }) {
  const { t } = useTranslation("wallet");
  return (
    <>
      <span aria-hidden="true">•••• {last4}</span>
      <span className="sr-only">{t("cards.numberEnding", { last4 })}</span>
    </>
  );
}

function CardForm({
  data,
  step,
  lastResult,
}: {
  data: BankCardsData;
  step: NonNullable<BankCardsData["step"]>;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("wallet");
  const label = useCardLabels();
  const editing = step.kind === "edit" ? step.card : null;
  const schema = useMemo(() => createBankCardSchema(t, data.deployment), [t, data.deployment]);
  const { form, fields, formProps, summary, busy } = useZodForm({
    id: editing ? `card-${editing.id}` : "card-new",
    schema,
    lastResult,
    defaultValue: editing
      ? {
          intent: "edit",
          id: String(editing.id),
          bank: editing.bank,
          bank_user: editing.holder,
          bank_card: editing.number,
          ifsc: editing.ifsc,
        }
      : { intent: "add" },
  });
  const visible = data.fields.filter((field): field is Exclude<CardField, "branch_bank"> => field !== "branch_bank");
  const hints: Partial<Record<CardField, string>> = { ifsc: t("cards.ifscHint"), bank_card: t("cards.numberHint") };
  return (
    <StepDialog title={t(editing ? "cards.editTitle" : "cards.addTitle")} closeHref={bankCardsHref()}>
      <FormErrorSummary
        fields={visible.map((field) => ({ id: fields[field].id, errors: fields[field].errors }))}
        formErrors={[...(form.errors ?? []), ...(fields.id.errors ?? []), ...(fields.intent.errors ?? [])]}
        formId={fields[visible[0]].id}
        lastResult={summary.lastResult}
        attempts={summary.attempts}
      />
      {editing && editing.status === APPROVED ? (
        <div className="notice notice--warning" id="card-review-warning">
          <p>
            <strong>{t("cards.approvedWarningTitle")}</strong> {t("cards.approvedWarning")}
          </p>
        </div>
      ) : editing ? (
        <p className="field__hint">{t("cards.editNote")}</p>
      ) : null}
      <Form
        method="post"
        action={bankCardsHref(editing ? { edit: editing.id } : { add: true })}
        {...formProps}
        className="form"
        preventScrollReset
      >
        <input {...hiddenProps(fields.intent)} />
        {editing ? <input {...hiddenProps(fields.id)} /> : null}
        {visible.map((field) => (
          <Field
            key={field}
            label={label(field, data.fields)}
            hint={hints[field]}
            errors={fields[field].errors}
            inputProps={{
              ...getInputProps(fields[field], { type: "text", ariaAttributes: false }),
              autoComplete: field === "bank_user" ? "name" : "off",
              ...(field === "bank_card" ? { inputMode: "numeric" as const, maxLength: 30 } : {}),
              ...(field === "ifsc" ? { autoCapitalize: "characters", maxLength: 11 } : {}),
            }}
          />
        ))}
        <div className="actions">
          {editing && editing.status === APPROVED ? (
            <button type="submit" className="button" disabled={busy} aria-describedby="card-review-warning">
              {t("cards.saveForReview")}
            </button>
          ) : (
            <button type="submit" className="button" disabled={busy}>
              {t("cards.save")}
            </button>
          )}
          <Link to={bankCardsHref()} className="button button--secondary" data-safe-choice="" preventScrollReset>
            {t("cards.cancel")}
          </Link>
        </div>
      </Form>
    </StepDialog>
  );
}
