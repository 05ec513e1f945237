import type { SerializeFrom } from "@remix-run/node";
import {
  Link,
  type ShouldRevalidateFunction,
  type ClientLoaderFunctionArgs,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useContext, useState, type ReactNode } from "react";
import { I18nContext, I18nextProvider, useTranslation } from "react-i18next";

import {
  BackSwipe,
  BottomNav,
  DesktopWarning,
  Header,
  NetworkStatus,
  isNetworkFailure,
  useFocusOnNavigation,
  useSlowNavigation,
} from "~/components/shell";
import { FormFailureContext, useSubmissionFailed } from "~/components/ui/form-failure";
import { Toast } from "~/components/ui/Toast";
import { deploymentFor } from "~/deployment";
import { browserI18n, createBrowserI18n, receivePageTranslations } from "~/i18n/browser-instance";
import { DEFAULT_LOCALE, localeDirection } from "~/i18n/config";
import { intlLocale, timeZoneOf } from "~/i18n/format";
import type { PageTranslations } from "~/i18n/instance";
import { forgetCopiesOfEndedSession, keepRootDataForDeviceCopy } from "~/offline/root-data";
import appStyles from "~/styles/app.css";
import { useNonce } from "~/utils/nonce-provider";
import type { PageHandle } from "~/utils/page";
import { InlineStyles, routeLinks } from "~/utils/route-styles";
import { ScriptsAfterPaint } from "~/utils/scripts-after-paint";

import type { loader } from "./root.server";

// The stylesheets of the page's routes are inline in the document (docs/decisions/0150-inline-critical-css.md).
// The web app manifest and its icons are made by scripts/build-sw.mjs (docs/decisions/0246-icons-from-one-source.md).
export const links = routeLinks(
  { rel: "icon", href: "/favicon.ico", sizes: "16x16" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
  appStyles,
);

// The loader lives in root.server.ts: the browser's root chunk then imports no server module.
export { loader } from "./root.server";

/**
 * The root data carries the page's translation namespaces, so it is fetched again whenever the path changes:
 * the page a client navigation opens then renders with its own strings (defect 20; docs/decisions/0111).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

/**
 * Each navigation's root data carries the new page's strings: they join the browser's strings instance here,
 * before the page renders, so the page and the header that stays mounted both have them
 * (docs/decisions/0215-react-i18next.md). The first page's data is used as the server sent it (no `hydrate`). When
 * the data never came back and the page opened has a saved copy on the device, the root data on screen stays
 * (docs/decisions/0255-on-device-database.md).
 */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  const data = await serverLoader<typeof loader>().catch((error: unknown) =>
    keepRootDataForDeviceCopy<SerializeFrom<typeof loader>>(error, request),
  );
  receivePageTranslations(data.i18n);
  forgetCopiesOfEndedSession(data);
  return data;
}

export type RootLoaderData = ReturnType<typeof useRootData>;

/** Root loader data for any component (header, markets screens…). */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

const I18N_FALLBACK = "__i18nFallback";

/** Inline translations for pages rendered without root loader data (unmatched URLs only). */
function I18nFallbackScript({ translations, nonce }: { translations: PageTranslations | null; nonce: string }) {
  const json = JSON.stringify(translations).replace(/</g, "\\u003c");
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: `window.${I18N_FALLBACK}=${json}` }}
    />
  );
}

/**
 * The strings instance for this render. Server: the request's own i18next, from entry.server (made from the root data,
 * or `common` alone for an unmatched URL). Browser: the visit's one instance, made from the first page's root data,
 * or for an unmatched URL from the strings the server inlined; a navigation's data reaches it through the
 * clientLoader, and when a navigation failed (offline) it still holds every string shown so far.
 */
function usePageI18n(page: PageTranslations | undefined) {
  const fromServer = useContext(I18nContext)?.i18n;
  if (typeof document === "undefined")
    return fromServer ?? createBrowserI18n(page ?? { locale: DEFAULT_LOCALE, resources: {} });
  return browserI18n(page ?? (window as unknown as Record<string, PageTranslations | undefined>)[I18N_FALLBACK]);
}

/** The strings a document without root data inlines for the browser (the server's instance's, `common`). */
function inlineTranslations(i18n: ReturnType<typeof usePageI18n>): PageTranslations | null {
  if (typeof document !== "undefined") {
    return (window as unknown as Record<string, PageTranslations | undefined>)[I18N_FALLBACK] ?? null;
  }
  return {
    locale: i18n.language as PageTranslations["locale"],
    resources: i18n.getDataByLanguage(i18n.language) ?? {},
  };
}

function DocumentTitle({ failed }: { failed: boolean }) {
  const matches = useMatches();
  const error = useRouteError();
  const { t } = useTranslation("common");
  let title = t("appName");
  if (error) {
    title = t(errorCopyKeys(error).title);
  } else {
    const deepest = [...matches].reverse().find((match) => (match.handle as PageHandle | undefined)?.titleKey);
    const handle = deepest?.handle as PageHandle | undefined;
    if (handle?.titleKey) title = t("titles.page", { title: t(handle.titleKey), app: t("appName") });
  }
  // The server knows a failed post by its 400 status; the browser learns it from the form after hydrating.
  return <title suppressHydrationWarning>{failed || error ? t("titles.errorPrefix", { title }) : title}</title>;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  // The request's CSP nonce for every inline script/style (docs/decisions/0091-content-security-policy.md).
  const nonce = useNonce();
  const i18n = usePageI18n(data?.i18n);
  const locale = data?.locale ?? i18n.language ?? DEFAULT_LOCALE;
  const serverFailed = useSubmissionFailed();
  // Set by FormErrorSummary while it shows errors (after a server reply or a submit client-side validation
  // stopped), cleared when it hides or unmounts. Not reset on navigation: the page's own form effect runs
  // before this component's would, and would be undone.
  const [clientFailed, setClientFailed] = useState(false);
  const failed = serverFailed || clientFailed;
  // The formats the page uses, built in a worker while its modules load (docs/decisions/0303-formats-warmed-in-a-worker.md).
  const format = { locale, deployment: deploymentFor(data?.deployment.code) };
  return (
    <FormFailureContext.Provider value={setClientFailed}>
      <I18nextProvider i18n={i18n}>
        <html lang={locale} dir={data?.dir ?? localeDirection(locale)}>
          <head>
            <meta charSet="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
            <meta name="theme-color" content="#0b1f3a" />
            <meta name="format-detection" content="telephone=no" />
            <DocumentTitle failed={failed} />
            <Meta />
            <InlineStyles />
            <Links />
            {data ? null : <I18nFallbackScript translations={inlineTranslations(i18n)} nonce={nonce} />}
          </head>
          <body>
            {children}
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
            <ScriptsAfterPaint nonce={nonce} intl={{ tag: intlLocale(format), timeZone: timeZoneOf(format) }} />
          </body>
        </html>
      </I18nextProvider>
    </FormFailureContext.Provider>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const data = useRootData();
  const matches = useMatches();
  const { t } = useTranslation("common");
  const handles = matches.map((match) => match.handle as PageHandle | undefined);
  const hideHeader = handles.some((handle) => handle?.hideHeader);
  const hideBottomNav = handles.some((handle) => handle?.hideBottomNav);
  // Focus and loading state after client navigations (docs/product.md#navigation, decision 0116).
  useFocusOnNavigation();
  const slow = useSlowNavigation();
  return (
    <>
      <a href="#main" className="skip-link">
        {t("skipToContent")}
      </a>
      <NetworkStatus slow={slow} renderedAt={data?.renderedAt} signedIn={!!data?.user} />
      {data?.desktopWarningDismissed ? null : <DesktopWarning />}
      {hideHeader ? null : (
        <Header locale={data?.locale ?? DEFAULT_LOCALE} visibleLocales={data?.visibleLocales ?? []} />
      )}
      <Toast toast={data?.toast} />
      <main
        id="main"
        className={hideBottomNav ? "app-main" : "app-main app-main--with-nav"}
        tabIndex={-1}
        aria-busy={slow || undefined}
      >
        {children}
      </main>
      {hideBottomNav ? null : <BottomNav />}
      <BackSwipe />
    </>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

type ErrorKind = "notFound" | "unavailable" | "forbidden" | "offline" | "generic";

function errorKind(error: unknown): ErrorKind {
  // A client navigation whose request never reached the server: say so, not "something went wrong".
  if (isNetworkFailure(error)) return "offline";
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return "notFound";
    if (error.status === 503) return "unavailable";
    if (error.status === 403) return "forbidden";
  }
  return "generic";
}

function errorCopyKeys(error: unknown) {
  const kind = errorKind(error);
  return { kind, title: `errors.${kind}Title` as const, text: `errors.${kind}Text` as const };
}

/** Friendly, translated pages for 404, 403 and the provider being down or slow; never a stack trace. */
export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const { t } = useTranslation("common");
  const copy = errorCopyKeys(error);
  if (copy.kind === "generic" && !isRouteErrorResponse(error)) {
    // Logged in the browser console for developers; the page itself shows only the friendly copy.
    console.warn(error);
  }
  return (
    <Shell>
      <section className="error-page" aria-labelledby="error-title">
        <h1 id="error-title">{t(copy.title)}</h1>
        <p>{t(copy.text)}</p>
        <p className="error-page__actions">
          {copy.kind === "unavailable" || copy.kind === "generic" || copy.kind === "offline" ? (
            <a className="button" href={location.pathname + location.search}>
              {t("errors.retry")}
            </a>
          ) : null}
          <Link className="button button--secondary" to="/" reloadDocument>
            {t("errors.home")}
          </Link>
        </p>
      </section>
    </Shell>
  );
}
