/**
 * /account (auth; docs/product.md#wallet): avatar, name and ID; the wallet card with total assets, available
 * balance and the money held (each part linking to where it is listed) (refreshed every 3 s while visible, marked stale when a refresh fails) and, where the deployment shows
 * one, the total's approximate value in US dollars at the configured rate (docs/product.md#currency); an eye toggle that hides the amounts (remembered on the device in a cookie,
 * decision 0122: a plain form post without JS, a fetcher with JS); links to the bills, recharge, withdraw and the
 * records; the loan amount; and the newest three positions of the chosen market tab with a link to the full list.
 * This is where the positions, records and forex/futures/treasury lists are reached from the Account tab.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useFetcher, useLoaderData, useLocation, type ShouldRevalidateFunction } from "@remix-run/react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";

import { useLivePanel } from "~/components/market/useLivePanel";
import { FigureList } from "~/components/ui/FigureList";
import { Icon } from "~/components/ui/Icon";
import { LinkTabs } from "~/components/ui/Tabs";
import { TAB_MARKETS, readPositionTab } from "~/features/trading/positions.server";
import { ProfitLoss } from "~/features/trading/ProfitLoss";
import { approximateUsd } from "~/features/wallet/amounts";
import {
  balanceHidden,
  balanceHiddenCookie,
  parseBalanceVisibility,
} from "~/features/wallet/balance-visibility.server";
import { walletLinks } from "~/features/wallet/route-exports";
import { loadWalletSettings } from "~/features/wallet/settings.server";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { formatAmount } from "~/i18n/currency";
import { formatClockTime, formatInteger, formatMoney } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { attempt, logFailure } from "~/provider/failures.server";
import { getPositions, positionFigures, type PositionFigures } from "~/provider/trading.server";
import { getUserInfo, uploadId, walletFigures, type HoldKind, type WalletFigures } from "~/provider/wallet.server";
import { safeRedirect } from "~/session/session.server";
import {
  POSITION_TABS,
  accountHref,
  balanceResourceHref,
  billsHref,
  fundOrdersHref,
  instrumentListHref,
  ipoOrdersHref,
  kycImageHref,
  loanHref,
  positionsHref,
  rechargeHref,
  rechargeRecordsHref,
  recordsHref,
  settingsHref,
  stockHref,
  withQuery,
  withdrawHref,
  withdrawRecordsHref,
  type PositionTab,
} from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext } from "~/utils/request.server";

import type { BalancePayload } from "./resources.balance";

export const handle: PageHandle = { i18n: ["wallet:account", "wallet:bills"], titleKey: "wallet:account.title" };
export const links = walletLinks;
export const headers = noStoreHeaders;

/** docs/product.md#live-prices: the account page refreshes every 3 s. */
const REFRESH_MS = 3_000;
/** docs/product.md#wallet: the newest three positions of each market. */
const HOLDINGS_ROWS = 3;

export interface AccountData {
  asOf: number;
  user: { name: string; no: string; avatar: string | null };
  /** null when the provider could not be read (the card says so and the live refresh keeps trying). */
  wallet: WalletFigures | null;
  hidden: boolean;
  convertRate: string;
  tab: PositionTab;
  holdings: { rows: PositionFigures[]; failed: boolean };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "wallet");
  const tab = readPositionTab(new URL(request.url).searchParams.get("tab")) ?? "stock";
  const [info, settings, positions] = await Promise.all([
    attempt(getUserInfo(context.provider)),
    loadWalletSettings(context),
    attempt(getPositions(context.provider, { market: TAB_MARKETS[tab], page: 1, limit: HOLDINGS_ROWS })),
  ]);
  if (!info.ok) logFailure("account", info.failure);
  if (!positions.ok) logFailure("account positions", positions.failure);
  const avatar = info.ok ? uploadId(info.data.img) : null;
  const data: AccountData = {
    asOf: Date.now(),
    user: {
      name: info.ok ? info.data.user : context.user.user,
      no: info.ok ? String(info.data.no) : context.user.no,
      avatar: avatar ? kycImageHref(avatar) : null,
    },
    wallet: info.ok ? walletFigures(info.data) : null,
    hidden: balanceHidden(request),
    convertRate: settings.convertRate,
    tab,
    holdings: positions.ok
      ? {
          rows: positions.data.rows.slice(0, HOLDINGS_ROWS).map((row) => positionFigures(row, context.deployment)),
          failed: false,
        }
      : { rows: [], failed: true },
  };
  return json(data, { headers: NO_STORE });
}

/**
 * The eye toggle. A plain form post (no JS) carries `back` and is redirected there with the cookie set; the JS
 * fetcher leaves `back` out and gets `{ hidden }` with the same cookie, the page already showing the new state.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  await requireUserContext(request, "wallet");
  const formData = await request.formData();
  const submission = parseBalanceVisibility(formData);
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const hidden = submission.value.hidden === "1";
  const headers = { "Set-Cookie": balanceHiddenCookie(hidden) };
  const back = formData.get("back");
  if (typeof back === "string" && back) return redirect(safeRedirect(back, accountHref()), { headers });
  return json({ hidden }, { headers });
}

/** The eye toggle changes nothing the loader reads from the provider: no reload of the page's data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "visibility" ? false : defaultShouldRevalidate;

const MASK = "••••••";

/** Where each kind of held money is listed (docs/product.md#wallet). */
const HOLD_LINKS: Record<HoldKind, () => string> = {
  ipo: () => ipoOrdersHref(),
  funds: () => fundOrdersHref(),
  withdrawals: () => withdrawRecordsHref(),
  orders: () => recordsHref({ type: "pending" }),
};

const isZeroAmount = (amount: string) => /^0*(\.0*)?$/.test(amount);

export default function AccountPage() {
  const data = useLoaderData<typeof loader>();
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
    <div className="wl-page">
      <h1 tabIndex={-1}>{t("account.heading")}</h1>
      <section className="wl-profile" aria-label={t("account.profile")}>
        {data.user.avatar ? (
          <img className="wl-avatar" src={data.user.avatar} alt={t("account.avatar")} width={56} height={56} />
        ) : (
          <span className="wl-avatar wl-avatar--initial" aria-hidden="true">
            {data.user.name.slice(-2)}
          </span>
        )}
        <div>
          <p className="wl-profile__name">{data.user.name}</p>
          <p className="wl-profile__id">{t("account.id", { no: data.user.no })}</p>
        </div>
        <Link to={settingsHref()} className="wl-profile__settings">
          {t("account.settings")}
        </Link>
      </section>

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

      <section className="card" aria-labelledby="holdings-title">
        <h2 id="holdings-title">{t("account.holdings")}</h2>
        <LinkTabs
          label={t("account.holdingsTabs")}
          tabs={POSITION_TABS.map((tab) => ({
            to: withQuery(accountHref(), { tab: tab === "stock" ? undefined : tab }),
            label: t(`account.tab.${tab}`),
            current: tab === data.tab,
          }))}
        />
        {data.holdings.failed ? (
          <p className="notice">{t("account.holdingsFailed")}</p>
        ) : data.holdings.rows.length === 0 ? (
          <p className="wl-empty">{t(`account.empty.${data.tab}`)}</p>
        ) : (
          <ul className="list wl-holdings">
            {data.holdings.rows.map((row) => (
              <li key={row.no} className="wl-holding">
                <span className="wl-holding__name">
                  <Link to={stockHref({ symbol: row.symbol, name: row.name })}>{row.name}</Link>
                  <span className="wl-muted">{row.display}</span>
                </span>
                <span className="wl-holding__figures">
                  <span>{t("account.quantity", { qty: formatInteger(row.count, fmt) })}</span>
                  <span>{t("account.marketValue", { value: formatAmount(row.market_value, fmt, row.market) })}</span>
                  <ProfitLoss value={row.profit} percent={row.profit_percent} market={row.market} />
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="links">
          <Link to={positionsHref(data.tab)}>{t(`account.allOf.${data.tab}`)}</Link>
          {data.tab === "stock" ? (
            <Link to={recordsHref()}>{t("account.lists.records")}</Link>
          ) : (
            <Link to={instrumentListHref(data.tab)}>{t(`account.lists.${data.tab}`)}</Link>
          )}
        </p>
      </section>
    </div>
  );
}
