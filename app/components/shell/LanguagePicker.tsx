import { Form, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n-react";

import { LOCALE_NAMES, type Locale } from "~/i18n";

/**
 * A plain POST form to /set-locale (the action sets the `lng` cookie and redirects back; the page reloads).
 * With JS, choosing a language submits at once as a normal document submission (reloadDocument).
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
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <Form method="post" action="/set-locale" reloadDocument className="language-picker">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor={id} className={showLabel ? undefined : "sr-only"}>
        {t("header.language")}
      </label>
      <select
        id={id}
        name="lng"
        defaultValue={locale}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        {locales.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
      <button type="submit" className={hydrated ? "sr-only" : "button button--small"}>
        {t("header.languageSubmit")}
      </button>
    </Form>
  );
}
