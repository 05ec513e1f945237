import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { LanguagePicker } from "~/components/shell/LanguagePicker";
import { ConfirmPanel, ConfirmTrigger } from "~/components/ui/ConfirmDialog";
import { twoFactorStatus } from "~/features/security/state.server";
import { DEFAULT_LOCALE, LOCALE_NAMES } from "~/i18n/config";
import { forgetDeviceData } from "~/offline/logout";
import { listAlertsIfOffered } from "~/provider/alerts.server";
import { attempt } from "~/provider/failures.server";
import type { loader as rootLoader } from "~/root";
import {
  alertsHref,
  devicesHref,
  twoFactorHref,
  bankCardsHref,
  loginPasswordHref,
  realNameHref,
  transactionPasswordHref,
  CUSTOMER_SETTING_SCREENS,
  customerSettingHref,
} from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext } from "~/utils/request.server";

// `wallet`: the account-and-security entries, and the toasts the password screens return here with.
export const handle: PageHandle = {
  i18n: ["wallet:settings", "security:settings", "alerts:settings"],
  titleKey: "settings.title",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, provider } = await requireUserContext(request);
  const url = new URL(request.url);
  // Two-factor and devices only where the provider has them (docs/decisions/0275).
  // Price alerts only where the provider has them (404: none; docs/decisions/0450); unknown when it did not answer.
  const [{ available, state }, alerts] = await Promise.all([
    twoFactorStatus(provider),
    attempt(listAlertsIfOffered(provider, { status: "active", limit: 1 })),
  ]);
  return json({
    phone: user.user,
    security: available ? { twoFactorOn: state?.enabled ?? null } : null,
    confirmLogout: url.searchParams.get("confirm") === "logout",
    alerts: !alerts.ok || alerts.data !== null,
  });
}

export default function SettingsPage() {
  const { t } = useTranslation("common");
  const { t: tw } = useTranslation("wallet");
  const { t: ts } = useTranslation("security");
  const { t: ta } = useTranslation("alerts");
  const { phone, confirmLogout, security, alerts } = useLoaderData<typeof loader>();
  // The locale and the languages on offer come from the root loader (docs/product.md#locales).
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const locale = root?.locale ?? DEFAULT_LOCALE;
  const locales = root?.visibleLocales ?? [];
  const logoutPanel = (inDialog: boolean) => (
    <ConfirmPanel
      title={t("settings.logoutConfirmTitle")}
      text={t("settings.logoutConfirmText")}
      action="/logout"
      confirmLabel={t("settings.logoutConfirm")}
      cancelLabel={t("settings.cancel")}
      cancelHref="/settings"
      inDialog={inDialog}
      hidden={{ intent: "logout" }}
      onConfirm={forgetDeviceData}
    />
  );
  if (confirmLogout) {
    return (
      <section aria-labelledby="confirm-title" className="card">
        {logoutPanel(false)}
      </section>
    );
  }
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{t("settings.title")}</h1>
      {/* A choice only when there is one (docs/product.md#locales): one language offered shows no picker. */}
      {locales.length > 1 ? (
        <div className="card" id="language">
          <h2>{t("settings.language")}</h2>
          <p>{t("settings.languageCurrent", { language: LOCALE_NAMES[locale] })}</p>
          <LanguagePicker locale={locale} locales={locales} id="settings-language" showLabel />
        </div>
      ) : null}
      <nav className="card" aria-labelledby="settings-security">
        <h2 id="settings-security">{tw("settings.security")}</h2>
        <ul className="list">
          <li className="list-item">
            <Link to={loginPasswordHref()}>{tw("settings.loginPassword")}</Link>
          </li>
          {/* docs/product.md#passwords: the entry exists but is not offered in the menu; the screen is complete. */}
          <li hidden>
            <Link to={transactionPasswordHref()}>{tw("settings.transactionPassword")}</Link>
          </li>
          <li className="list-item">
            <Link to={realNameHref()}>{tw("settings.realName")}</Link>
          </li>
          <li className="list-item">
            <Link to={bankCardsHref()}>{tw("settings.bankCards")}</Link>
          </li>
          {/* The customer's own settings, each a screen of its own (docs/decisions/0500). */}
          {CUSTOMER_SETTING_SCREENS.map((screen) => (
            <li key={screen} className="list-item">
              <Link to={customerSettingHref(screen)}>{tw(`settings.${screen}`)}</Link>
            </li>
          ))}
          {security ? (
            <>
              <li className="list-item">
                <Link to={twoFactorHref()}>{ts("settings.twoFactor")}</Link>{" "}
                {security.twoFactorOn === null ? null : (
                  <span>{ts(security.twoFactorOn ? "settings.on" : "settings.off")}</span>
                )}
              </li>
              <li className="list-item">
                <Link to={devicesHref()}>{ts("settings.devices")}</Link>
              </li>
            </>
          ) : null}
        </ul>
      </nav>
      {alerts ? (
        <nav className="card" aria-labelledby="settings-alerts">
          <h2 id="settings-alerts">{ta("settings.link")}</h2>
          <ul className="list">
            <li className="list-item">
              <Link to={alertsHref()}>{ta("settings.manage")}</Link>
            </li>
          </ul>
        </nav>
      ) : null}
      <div className="card">
        <h2>{t("settings.account")}</h2>
        <p>{t("settings.signedInAs", { phone })}</p>
        <ConfirmTrigger
          confirmHref="/settings?confirm=logout"
          className="button button--secondary"
          dialog={logoutPanel(true)}
        >
          {t("settings.logout")}
        </ConfirmTrigger>
      </div>
    </section>
  );
}
