/**
 * /account's wallet card: total, available and held money (each held part linking to where it is listed), refreshed
 * every 3 s while visible and marked stale when a refresh fails; the approximate US dollar value where the
 * deployment shows one; the eye toggle (decision 0122: a plain form post without JS, a fetcher with JS); the links
 * to the bills, recharge, withdraw, the records and the loan; the portfolio's profit and loss (PortfolioSummary).
 */
import { Form, Link, useFetcher, useLocation } from "@remix-run/react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";

import { useLivePanel } from "~/components/market/useLivePanel";
import { FigureList } from "~/components/ui/FigureList";
import { Icon } from "~/components/ui/Icon";
import { PortfolioSummary } from "~/features/trading/PortfolioSummary";
import { approximateUsd } from "~/features/wallet/amounts";
import { formatClockTime, formatMoney } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import type { HoldKind, WalletFigures } from "~/provider/wallet.server";
import {
  accountHref,
  balanceResourceHref,
  billsHref,
  fundOrdersHref,
  ipoOrdersHref,
  loanHref,
  rechargeHref,
  rechargeRecordsHref,
  recordsHref,
  withdrawHref,
  withdrawRecordsHref,
} from "~/utils/hrefs";

import type { BalancePayload } from "../resources.balance";
import type { AccountData, action } from "./route.server";

/** docs/product.md#live-prices: the account page refreshes every 3 s. */
const REFRESH_MS = 3_000;

const MASK = "••••••";

/** Where each kind of held money is listed (docs/product.md#wallet). */
const HOLD_LINKS: Record<HoldKind, () => string> = {
  ipo: () => ipoOrdersHref(),
  funds: () => fundOrdersHref(),
  withdrawals: () => withdrawRecordsHref(),
  orders: () => recordsHref({ type: "pending" }),
};

const isZeroAmount = (amount: string) => /^0*(\.0*)?$/.test(amount);

export function WalletCard({ data }: { data: AccountData }) {
  const { t } = useTranslation("wallet");
  const fmt = useFormat();
  const location = useLocation();
  const toggle = useFetcher<typeof action>();
  // The state the customer last asked for: the fetcher's while it is on its way or done, else the cookie's.
  const pending = toggle.formData?.get("hidden");
  const hidden =
    typeof pending === "string"
      ? pending === "1"
      : toggle.data && "hidden" in toggle.data
        ? toggle.data.hidden
        : data.hidden;
  const live = useLivePanel<BalancePayload>(hidden ? null : balanceResourceHref(), REFRESH_MS);
  const fresh = live.data && live.data.asOf >= data.asOf && live.data.money ? live.data : undefined;
  const wallet: WalletFigures | null = fresh
    ? {
        total: fresh.total!,
        money: fresh.money!,
        held: fresh.held ?? "0.00",
        holds: fresh.holds ?? [],
        loan: fresh.loan!,
      }
    : data.wallet;
  const asOf = fresh?.asOf ?? data.asOf;
  const approximate = wallet ? approximateUsd(wallet.total, data.convertRate, fmt) : null;
  const show = (value: string) =>
    hidden ? (
      <>
        <span aria-hidden="true">{MASK}</span>
        <span className="sr-only">{t("account.hidden")}</span>
      </>
    ) : (
      formatMoney(value, fmt)
    );

  const onToggle = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    toggle.submit({ intent: "visibility", hidden: hidden ? "0" : "1" }, { method: "post", action: accountHref() });
  };

  return (
    <section className="card wl-wallet" aria-labelledby="wallet-title">
      <div className="wl-wallet__head">
        <h2 id="wallet-title">{t("account.wallet")}</h2>
        <Form method="post" action={accountHref()} onSubmit={onToggle} className="wl-eye-form">
          <input type="hidden" name="intent" value="visibility" />
          <input type="hidden" name="back" value={location.pathname + location.search} />
          {/* The label says what a tap does ("Show amounts" while hidden), so no aria-pressed on top of it. */}
          <button
            type="submit"
            name="hidden"
            value={hidden ? "0" : "1"}
            data-hidden={hidden || undefined}
            className="wl-eye"
          >
            <Icon size={22} path="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z">
              <circle cx="12" cy="12" r="3" />
              {hidden ? <path d="M3 3l18 18" /> : null}
            </Icon>
            <span>{t(hidden ? "account.showAmounts" : "account.hideAmounts")}</span>
          </button>
        </Form>
      </div>
      {wallet ? (
        <>
          <FigureList
            className="wl-figures"
            items={[
              { label: t("account.total"), value: show(wallet.total), className: "wl-figure--big" },
              { label: t("account.available"), value: show(wallet.money) },
              // docs/product.md#wallet: money held is the customer's and counts in the total; say what holds it.
              wallet.holds.length > 0 || !isZeroAmount(wallet.held)
                ? { label: t("account.held"), value: show(wallet.held) }
                : null,
            ]}
          />
          {wallet.holds.length > 0 ? (
            <ul className="wl-holds" aria-label={t("account.heldParts")}>
              {wallet.holds.map((hold) => (
                <li key={hold.kind}>
                  <Link to={HOLD_LINKS[hold.kind]()}>{t(`account.hold.${hold.kind}`)}</Link>
                  <span>{show(hold.amount)}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {data.pnl ? (
            <PortfolioSummary
              totals={data.pnl}
              asOf={data.asOf}
              hidden={hidden}
              refreshMs={REFRESH_MS}
              headingLevel={3}
            />
          ) : null}
          {hidden ? null : (
            <>
              {approximate ? <p className="wl-converted">{t("account.approx", approximate)}</p> : null}
              <p className={live.stale ? "wl-fresh wl-fresh--stale" : "wl-fresh"}>
                {live.stale ? <span aria-hidden="true">⚠ </span> : null}
                {t(live.stale ? "account.stale" : "account.asOf", { time: formatClockTime(asOf, fmt) })}
              </p>
            </>
          )}
        </>
      ) : (
        <p className="notice">{t("bills.failed")}</p>
      )}
      <p className="wl-wallet__bills">
        <Link to={billsHref()}>{t("account.bills")}</Link>
      </p>
      <nav aria-label={t("account.actions")} className="wl-actions">
        <Link to={rechargeHref()} className="button">
          {t("account.recharge")}
        </Link>
        <Link to={withdrawHref()} className="button button--secondary">
          {t("account.withdraw")}
        </Link>
        <Link to={rechargeRecordsHref()} className="button button--secondary">
          {t("account.records")}
        </Link>
      </nav>
      <p className="wl-loan">
        <Link to={loanHref()}>
          {/* One span: the link is a flex box, which would drop the space after the colon between its items. */}
          <span>
            {t("account.loan")}: {wallet ? show(wallet.loan) : "—"}
          </span>
        </Link>
      </p>
    </section>
  );
}
