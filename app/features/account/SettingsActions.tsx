import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { settingsHref } from "~/utils/hrefs";

/** A settings form's submit and the way back to Settings (the login and transaction passwords). */
export function SettingsActions({ busy, submitLabel }: { busy: boolean; submitLabel: string }) {
  const { t } = useTranslation("wallet");
  return (
    <div className="actions">
      <button type="submit" className="button" disabled={busy}>
        {submitLabel}
      </button>
      <Link to={settingsHref()} className="button button--secondary">
        {t("settings.back")}
      </Link>
    </div>
  );
}
