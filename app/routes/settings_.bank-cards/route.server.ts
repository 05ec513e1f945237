/** /settings/bank-cards' loader and action (docs/decisions/0201-route-shape.md); the screen is route.tsx. */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";

import { CODE_FIELD_CODES, codeMessage } from "~/features/security/failures.server";
import { asksForCode } from "~/features/security/state.server";
import { formAction } from "~/forms/action.server";
import { formConstraint } from "~/forms/constraint.server";
import { NO_STORE } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { attempt, logFailure } from "~/provider/failures.server";
import { addBankCard, cardFigures, editBankCard, getBankCards } from "~/provider/wallet.server";
import { bankCardsHref } from "~/utils/hrefs";
import { requireUserContext } from "~/utils/request.server";

import type { BankCardsData } from "./schema";

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "wallet");
  const [cards, askCode] = await Promise.all([attempt(getBankCards(context.provider)), asksForCode(context.provider)]);
  if (!cards.ok) logFailure("bank cards", cards.failure);
  const list = cards.ok ? cards.data.map(cardFigures) : [];
  const query = new URL(request.url).searchParams;
  const editing = list.find((card) => String(card.id) === query.get("edit"));
  const { createBankCardSchema } = await import("./schema");
  const data: BankCardsData = {
    fields: context.deployment.bankCardFields.filter((field) => field !== "branch_bank"),
    cards: list.map(({ number: _number, ...card }) => card),
    failed: !cards.ok,
    step: editing ? { kind: "edit", card: editing } : query.get("add") === "1" ? { kind: "add" } : null,
    askCode,
    deployment: { code: context.deployment.code },
    constraint: formConstraint(createBankCardSchema(context.t, context.deployment)),
  };
  return json(data, { status: cards.ok ? 200 : 503, headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request, "wallet");
  const formData = await request.formData();
  const { createBankCardSchema } = await import("./schema");
  return formAction(formData, {
    schema: createBankCardSchema(context.t, context.deployment),
    t: context.t,
    where: "bank card",
    call: ({ intent, id, bank, bank_user, bank_card, ifsc, code }) => {
      const card = { bank, bank_user, bank_card, ifsc: ifsc ?? "", ...(code ? { code } : {}) };
      return intent === "edit"
        ? editBankCard(context.provider, { ...card, id: Number(id) })
        : addBankCard(context.provider, card);
    },
    codeFields: {
      ifsc_invalid: "ifsc",
      bank_card_invalid: "bank_card",
      bank_card_exists: "bank_card",
      ...CODE_FIELD_CODES,
    },
    inputFields: { bank: "bank", type: "bank", bank_user: "bank_user", bank_card: "bank_card", ifsc: "ifsc" },
    message: codeMessage(
      context.t,
      formData.get("intent") === "edit" ? "wallet:cards.updateFailed" : "wallet:cards.failed",
    ),
    success: () => ({ to: bankCardsHref(), toast: { key: "wallet:toast.cardSaved" } }),
  });
}
