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
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { RetryNotice } from "~/components/ui/RetryNotice";
import { settingsLinks } from "~/features/account/route-exports";
import { useHydrated } from "~/forms/useHydrated";
import { noStoreHeaders } from "~/http/no-store";
import { bankCardsHref, settingsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";

import { CardForm, useCardLabels } from "./CardForm";
import type { action, loader } from "./route.server";
import type { CardField } from "./schema";

export { action, loader } from "./route.server";
export type { BankCardsData, ListedCard } from "./schema";

export const handle: PageHandle = {
  i18n: ["wallet:cards", "wallet:settings", "security:code", "security:settings", "common:settings"],
  titleKey: "wallet:cards.title",
};
export const links = settingsLinks;
export const headers = noStoreHeaders;

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
    <div className="st-page">
      <h1 tabIndex={-1}>{t("cards.heading")}</h1>
      {step ? <CardForm key={location.search} data={data} step={step} lastResult={reply?.result} /> : null}
      {showList ? (
        <>
          {data.failed ? (
            <RetryNotice message={t("cards.loadFailed")} href={bankCardsHref()} retryLabel={t("cards.retry")} />
          ) : data.cards.length === 0 ? (
            <p className="st-empty">{t("cards.empty")}</p>
          ) : (
            <ul className="list st-cards">
              {data.cards.map((card) => (
                <li key={card.id} className="st-card">
                  <div className="st-card__main">
                    <p className="st-card__bank">{card.bank}</p>
                    <dl className="st-card__grid">
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
                          <span className={`st-card-status st-card-status--${card.status}`}>
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
