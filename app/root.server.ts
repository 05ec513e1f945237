/**
 * The root route's loader (re-exported by root.tsx): the page's locale, customer, toast and translations. In its own
 * server module so that the browser's root chunk imports no shared server module: each such import is an empty
 * chunk file every document would download (docs/decisions/0159-js-budget.md).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";

import { deploymentFor } from "~/deployment";
import { localeDirection, type Locale } from "~/i18n";
import { getLocale, resourcesFor, routeStrings, visibleLocales } from "~/i18next.server";
import { getSignedIn } from "~/session.server";
import { getToast } from "~/toast.server";
import { desktopWarningDismissed } from "~/utils/desktop-warning.server";

export async function loader({ request }: LoaderFunctionArgs) {
  // The route's loader and entry.server read the same cookies: each is opened once, then cached (decision 0149).
  // The toast has its own cookie (docs/decisions/0095-toast-cookie.md); reading it clears it.
  const [locale, signedIn, { toast, headers: toastHeaders }] = await Promise.all([
    getLocale(request),
    getSignedIn(request),
    getToast(request),
  ]);
  const headers = new Headers(toastHeaders ?? undefined);
  headers.set("Vary", "Cookie, Accept-Language");
  return json(
    {
      locale,
      dir: localeDirection(locale),
      visibleLocales: visibleLocales(),
      deployment: deploymentFor(process.env.DEPLOYMENT),
      user: signedIn?.user ?? null,
      toast,
      desktopWarningDismissed: desktopWarningDismissed(request),
      // The namespaces (or their sections) the matched routes declare in `handle.i18n` (decisions 0111, 0179).
      i18n: { locale, resources: pageResources(locale, request) },
    },
    { headers },
  );
}

function pageResources(locale: Locale, request: Request) {
  const { namespaces, sections } = routeStrings(new URL(request.url).pathname);
  return resourcesFor(locale, namespaces, sections);
}
