import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";

import { whenIdle } from "~/utils/idle";

// The browser's strings instance (`app/i18n/browser-instance.ts`, no i18next: docs/decisions/0496) is made in the
// root Layout from the root data's strings (no extra request; docs/decisions/0215-react-i18next.md).
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});

// The service worker (docs/decisions/0245-service-worker.md): its module (with workbox-window) loads once the page is
// idle after hydrating, in its own chunk, so no route's JS grows by it and the first paint never waits for it.
// Offline before it loaded: it is tried again when the connection returns.
function loadServiceWorker() {
  import("~/sw/register.client")
    .then(({ registerServiceWorker }) => registerServiceWorker())
    .catch(() => window.addEventListener("online", loadServiceWorker, { once: true }));
}
whenIdle(loadServiceWorker, { fallback: 1000 });
