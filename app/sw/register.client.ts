/**
 * Registers the service worker with workbox-window (docs/decisions/0245-service-worker.md). Loaded by entry.client
 * after hydration, itself after the first paint (decision 0163): the first visit pays nothing for it before then.
 *
 * A new build is a new worker: it waits, the shell offers a reload (`offerUpdate`), and only when the customer
 * accepts does it take over and the page reload, so a page never runs half on one build and half on another.
 */
import { Workbox } from "workbox-window";

import { askForCopy, forgetCopies, offerUpdate } from "./client";

/** The page's root data says a customer is signed in (Remix's hydration data; a visitor's pages are never kept). */
function signedIn(): boolean {
  const context = (window as { __remixContext?: { state?: { loaderData?: { root?: { user?: unknown } } } } })
    .__remixContext;
  return !!context?.state?.loaderData?.root?.user;
}

export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const workbox = new Workbox("/sw.js", { scope: "/" });
  workbox.addEventListener("waiting", () => {
    offerUpdate(() => {
      // The new worker takes over, then the page reloads into its build (any page of this origin does the same).
      navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  // The first install: this page's document did not pass through the worker, so it asks for a copy of it.
  workbox.addEventListener("activated", (event) => {
    if (!event.isUpdate && signedIn()) askForCopy(window.location.href);
  });
  void workbox.register().catch((error: unknown) => console.warn("service worker not registered", error));

  // Logout (the confirm step's form posts to /logout): the copies go before the request does.
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target instanceof HTMLFormElement ? event.target : null;
      if (form && new URL(form.action, window.location.href).pathname === "/logout") void forgetCopies();
    },
    true,
  );
}
