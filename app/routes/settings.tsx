import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";

import { ConfirmPanel, ConfirmTrigger } from "~/components/ui/ConfirmDialog";
import { LanguagePicker } from "~/components/shell/LanguagePicker";
import { LOCALE_NAMES } from "~/i18n";
import { getLocale, visibleLocales } from "~/i18next.server";
import { requireUser } from "~/session.server";
import type { PageHandle } from "~/utils/page";

export const handle: PageHandle = { titleKey: "settings.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const url = new URL(request.url);
  return json({
    phone: user.user,
    locale: await getLocale(request),
    locales: visibleLocales(),
    confirmLogout: url.searchParams.get("confirm") === "logout",
  });
}

export default function SettingsPage() {
  const { t } = useTranslation("common");
  const { phone, locale, locales, confirmLogout } = useLoaderData<typeof loader>();
  const logoutPanel = (inDialog: boolean) => (
    <ConfirmPanel
      title={t("settings.logoutConfirmTitle")}
      text={t("settings.logoutConfirmText")}
      action="/logout"
      confirmLabel={t("settings.logoutConfirm")}
      cancelLabel={t("settings.cancel")}
      cancelHref="/settings"
      inDialog={inDialog}
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
      <div className="card">
        <h2>{t("settings.language")}</h2>
        <p>{t("settings.languageCurrent", { language: LOCALE_NAMES[locale] })}</p>
        <LanguagePicker locale={locale} locales={locales} id="settings-language" showLabel />
      </div>
      <div className="card">
        <h2>{t("settings.account")}</h2>
        <p>{t("settings.signedInAs", { phone })}</p>
        <ConfirmTrigger confirmHref="/settings?confirm=logout" className="button button--secondary" dialog={logoutPanel(true)}>
          {t("settings.logout")}
        </ConfirmTrigger>
      </div>
    </section>
  );
}
