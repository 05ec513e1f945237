import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import type { ShownToast } from "~/session/toast";

/**
 * Shows the flash toast from the root loader once, in the words the server translated it to (docs/decisions/0350).
 * It is a polite live region; with JS it can be closed and fades after a few seconds, without JS it simply stays on
 * this page view.
 */
export function Toast({ toast }: { toast: ShownToast | null | undefined }) {
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
          <p>{toast.text}</p>
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
