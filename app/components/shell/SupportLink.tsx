import { useState } from "react";
import { useTranslation } from "~/i18n-react";

/**
 * Link to /support, whose loader redirects to the provider's support link. With JS, an absolute URL opens
 * in a new tab (docs/product.md#support): we ask /support for the target as JSON first; an app route navigates in place.
 */
export function SupportLink() {
  const { t } = useTranslation("common");
  const [busy, setBusy] = useState(false);
  return (
    <a
      href="/support"
      className="icon-button"
      aria-label={t("header.support")}
      aria-busy={busy || undefined}
      onClick={async (event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        // Open the tab synchronously (inside the click) so pop-up blockers allow it.
        const tab = window.open("", "_blank");
        setBusy(true);
        try {
          const response = await fetch("/support/link", { headers: { Accept: "application/json" } });
          const body = (await response.json()) as { url?: string; external?: boolean };
          if (response.ok && body.url && body.external && tab) {
            tab.opener = null;
            tab.location.href = body.url;
            return;
          }
          tab?.close();
          window.location.href = body.url && !body.external ? body.url : "/support";
        } catch {
          tab?.close();
          window.location.href = "/support";
        } finally {
          setBusy(false);
        }
      }}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M4 13v-1a8 8 0 0 1 16 0v1m-16 0h3v6H5a1 1 0 0 1-1-1zm16 0h-3v6h2a1 1 0 0 0 1-1z" />
      </svg>
    </a>
  );
}
