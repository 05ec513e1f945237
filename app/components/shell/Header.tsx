import { Form, Link, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { Icon } from "~/components/ui/Icon";
import type { Locale } from "~/i18n/config";

import { LanguagePicker } from "./LanguagePicker";
import { SupportLink } from "./SupportLink";

/**
 * Header (docs/product.md#navigation): search of every market (GET /markets?scope=all&q=), support, settings and the language picker.
 * Laid out for a 360 px phone in every language, with and without JS: one row, the search field with room for its
 * whole placeholder, then the support and settings buttons and, only when more than one language is offered, a
 * compact language button (the current language's code) that opens the picker below it: a native `<details>`,
 * so it opens without JavaScript too, and the picker keeps its explicit "Change language" button.
 */
export function Header({ locale, visibleLocales }: { locale: string; visibleLocales: Locale[] }) {
  const { t } = useTranslation("common");
  const [searchParams] = useSearchParams();
  return (
    <header className="app-header">
      <div className="app-header__bar">
        <Form method="get" action="/markets" role="search" className="app-header__search">
          {/* Every market and the forex, futures and treasury lists, not only the first market. */}
          <input type="hidden" name="scope" value="all" />
          <label htmlFor="site-search" className="sr-only">
            {t("header.searchLabel")}
          </label>
          <input
            id="site-search"
            type="search"
            name="q"
            defaultValue={searchParams.get("q") ?? ""}
            placeholder={t("header.searchPlaceholder")}
            autoComplete="off"
            enterKeyHint="search"
          />
          <button type="submit" className="icon-button" aria-label={t("header.searchSubmit")}>
            <Icon size={20} path="M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zm4.6-1.9L20 20" />
          </button>
        </Form>
        <div className="app-header__actions">
          <SupportLink />
          <Link to="/settings" className="icon-button" aria-label={t("header.settings")}>
            <Icon
              size={22}
              path="M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm8-3 2-1.5-2-3.5-2.4.8a7 7 0 0 0-1.6-1L15.5 4h-4l-.5 2.8a7 7 0 0 0-1.6 1L7 7 5 10.5 7 12l-2 1.5L7 17l2.4-.8a7 7 0 0 0 1.6 1l.5 2.8h4l.5-2.8a7 7 0 0 0 1.6-1L20 17l2-3.5z"
            />
          </Link>
          {visibleLocales.length > 1 ? (
            <details className="language-menu">
              <summary className="icon-button">
                <span className="sr-only">{t("header.language")} </span>
                <span lang={locale}>{locale.toUpperCase()}</span>
              </summary>
              <div className="language-menu__panel">
                <LanguagePicker locale={locale} locales={visibleLocales} id="header-language" />
              </div>
            </details>
          ) : null}
        </div>
      </div>
    </header>
  );
}
