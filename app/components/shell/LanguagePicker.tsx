import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { LOCALE_NAMES, type Locale } from "~/i18n/config";

/**
 * A plain POST form to /set-locale (the action sets the `lng` cookie and redirects back; the page reloads).
 * The language changes only when the customer presses the button: the select never submits on change, so a
 * keyboard user can move through the options with the arrow keys (docs/product.md#locales, WCAG 3.2.2).
 * The current locale is listed even if it is no longer offered, so the select never shows another language
 * than the page's.
 */
export function LanguagePicker({
  locale,
  locales,
  id = "language",
  showLabel = false,
}: {
  locale: string;
  locales: Locale[];
  id?: string;
  showLabel?: boolean;
}) {
  const { t } = useTranslation("common");
  const location = useLocation();
  const options = locales.includes(locale as Locale) ? locales : [locale as Locale, ...locales];
  return (
    <Form method="post" action="/set-locale" reloadDocument className="language-picker">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor={id} className={showLabel ? undefined : "sr-only"}>
        {t("header.language")}
      </label>
      <select id={id} name="lng" defaultValue={locale}>
        {options.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code] ?? code}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--small">
        {t("header.languageSubmit")}
      </button>
    </Form>
  );
}
