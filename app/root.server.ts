/**
 * The root route's loader (re-exported by root.tsx): the page's locale, customer, toast and translations. In its own
 * server module so that the browser's root chunk imports no shared server module: each such import is an empty
 * chunk file every document would download (docs/decisions/0159-js-budget.md).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";

import { deploymentFor } from "~/deployment";
import { firedAlertNotice } from "~/features/alerts/notice.server";
import { readSupportButtonState } from "~/features/support/button-state.server";
import { localeDirection, type Locale } from "~/i18n/config";
import { getLocale, resourcesFor, routeStrings, visibleLocales } from "~/i18n/i18next.server";
import { deviceSessionKey } from "~/offline/session-key.server";
import { getSignedIn } from "~/session/session.server";
import { getToast, showToast } from "~/session/toast.server";
import { desktopWarningDismissed } from "~/utils/desktop-warning.server";
import { providerContextFor } from "~/utils/request.server";

export async function loader({ request }: LoaderFunctionArgs) {
  // The route's loader and entry.server open the same session cookie again (one AES-GCM open each, decision 0575).
  // The toast has its own cookie (docs/decisions/0095-toast-cookie.md); reading it clears it.
  const [locale, signedIn, { toast, headers: toastHeaders }] = await Promise.all([
    getLocale(request),
    getSignedIn(request),
    getToast(request),
  ]);
  // The support button's unread count in the document itself, so it shows without JavaScript; JavaScript then keeps
  // it current by polling. Only for a page load: a client navigation's data request leaves it to the poll
  // (docs/decisions/0195-unread-count-in-the-document.md).
  const support =
    signedIn && isDocumentRequest(request)
      ? await readSupportButtonState(providerContextFor(request, signedIn.token))
      : null;
  // A price alert fired since the last page: a notice on this one, once (docs/decisions/0451). Only when the unread
  // count rose is the provider asked which; a page with a toast of its own leaves it to the next page.
  const alerts =
    signedIn && support?.ok && support.state.chatEnabled && !toast
      ? await firedAlertNotice({
          request,
          provider: providerContextFor(request, signedIn.token),
          customer: signedIn.user.no,
          unread: support.state.unread,
          locale,
        })
      : null;
  const headers = new Headers(toastHeaders ?? undefined);
  if (alerts?.setCookie) headers.append("Set-Cookie", alerts.setCookie);
  headers.set("Vary", "Cookie, Accept-Language");
  return json(
    {
      locale,
      dir: localeDirection(locale),
      visibleLocales: visibleLocales(),
      deployment: deploymentFor(process.env.DEPLOYMENT),
      user: signedIn?.user ?? null,
      // The key the customer's own copies on the device carry (docs/product.md#on-the-device); never the token.
      deviceKey: signedIn ? deviceSessionKey(signedIn.token) : null,
      support: support?.ok ? support.state : null,
      // Its words, not its key: the page may load none of the key's namespace (docs/decisions/0350).
      toast: toast ? await showToast(toast, locale) : (alerts?.notice ?? null),
      desktopWarningDismissed: desktopWarningDismissed(request),
      // When these figures were read: an offline copy of the page says "prices as of" this (docs/product.md#offline).
      renderedAt: Date.now(),
      // The namespaces (or their sections) the matched routes declare in `handle.i18n` (decisions 0111, 0179).
      i18n: { locale, resources: pageResources(locale, request) },
    },
    { headers },
  );
}

/**
 * A browser's page load (not a client navigation's data request, which Remix sends as a fetch): the browser's own
 * (`Sec-Fetch-Dest: document`), or one the service worker passes on, which keeps `Sec-Fetch-Mode: navigate` but is
 * sent as `Sec-Fetch-Dest: empty` (docs/decisions/0451). The worker's background copies are neither.
 */
function isDocumentRequest(request: Request): boolean {
  const dest = request.headers.get("Sec-Fetch-Dest");
  const mode = request.headers.get("Sec-Fetch-Mode");
  if (dest || mode) return dest === "document" || mode === "navigate";
  return (request.headers.get("Accept") ?? "").includes("text/html");
}

function pageResources(locale: Locale, request: Request) {
  const { namespaces, sections, withheld } = routeStrings(new URL(request.url).pathname);
  return resourcesFor(locale, namespaces, sections, withheld);
}
