import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import type { TKey } from "~/i18n/config";
import type { Toast as ToastData } from "~/session/toast";

/**
 * Shows the flash toast from the root loader once. It is a polite live region; with JS it can be closed
 * and fades after a few seconds, without JS it simply stays on this page view.
 */
export function Toast({ toast }: { toast: ToastData | null | undefined }) {
  const { t } = useTranslation("common");
  const [visible, setVisible] = useState(Boolean(toast));
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    setVisible(Boolean(toast));
    if (!toast) return;
    const timer = window.setTimeout(() => setVisible(false), 6000);
    return () => window.clearTimeout(timer);
  }, [toast]);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toast && visible ? (
        <div className={`toast toast--${toast.type ?? "success"}`}>
          {/* The key arrives as data (the toast cookie), so it is checked where the toast is set, not here. */}
          <p>{t(toast.key as TKey<"common">, toast.values)}</p>
          {hydrated ? (
            <button
              type="button"
              className="toast__close"
              onClick={() => setVisible(false)}
              aria-label={t("toast.close")}
            >
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
