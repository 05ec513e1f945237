/**
 * /account (auth; docs/product.md#wallet): avatar, name and ID; the wallet card with total assets, available
 * balance and the money held (each part linking to where it is listed) (refreshed every 3 s while visible, marked
 * stale when a refresh fails) and, where the deployment shows one, the total's approximate value in US dollars at
 * the configured rate (docs/product.md#currency); an eye toggle that hides the amounts (remembered on the device in
 * a cookie, decision 0122: a plain form post without JS, a fetcher with JS); links to the bills, recharge, withdraw
 * and the records; the loan amount; and the newest three positions of the chosen market tab with a link to the full
 * list. This is where the positions, records and forex/futures/treasury lists are reached from the Account tab.
 * The loader and the action live in route.server.ts (re-exported here); the cards are WalletCard and Holdings.
 */
import { Link, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { walletLinks } from "~/features/wallet/route-exports";
import { noStoreHeaders } from "~/http/no-store";
import { settingsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";

import { Holdings } from "./Holdings";
import type { loader } from "./route.server";
import { WalletCard } from "./WalletCard";

export { action, loader } from "./route.server";
export type { AccountData } from "./route.server";

export const handle: PageHandle = {
  i18n: ["wallet:account", "wallet:bills", "trade:pnl"],
  titleKey: "wallet:account.title",
};
export const links = walletLinks;
export const headers = noStoreHeaders;

/** The eye toggle changes nothing the loader reads from the provider: no reload of the page's data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "visibility" ? false : defaultShouldRevalidate;

export default function AccountPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("wallet");
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
      <WalletCard data={data} />
      <Holdings tab={data.tab} holdings={data.holdings} />
    </div>
  );
}
