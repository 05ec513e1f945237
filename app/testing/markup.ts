/**
 * Server-rendered markup of a route's screen (what a visitor without JavaScript gets), for the route's own test file.
 * Remix's router is replaced by plain stand-ins (links are <a>, forms are <form>): what is tested is the markup the
 * screen renders, not the router. The test file mocks Remix's React module with them (vi.mock is hoisted per file):
 *
 *   vi.mock("@remix-run/react", async () => (await import("~/testing/markup")).remixStandIns);
 *
 * then `renderScreen(Page, url, data, { resources })` renders the route's default export in English on the INR
 * deployment. Loaders and actions of the same module still run as usual (they never use Remix's React module).
 */
import { createElement, type ComponentType, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";

import type { LocaleResources } from "~/i18n/config";
import { createPageI18n } from "~/i18n/instance";

/** The route's data, action data and URL for one render. */
const route = {
  data: undefined as unknown,
  actionData: undefined as unknown,
  url: new URL("http://localhost/"),
  params: {} as Record<string, string>,
};

/** Remix's link and form props that plain elements do not take. */
const strip = ({
  reloadDocument,
  preventScrollReset,
  prefetch,
  replace,
  navigate,
  relative,
  viewTransition,
  ...rest
}: Record<string, unknown>) => rest;

export const remixStandIns = {
  Form: ({ children, ...props }: { children?: ReactNode } & Record<string, unknown>) =>
    createElement("form", strip(props), children),
  Link: ({ to, children, ...props }: { to: string; children?: ReactNode } & Record<string, unknown>) =>
    createElement("a", { ...strip(props), href: to }, children),
  useLoaderData: () => route.data,
  useActionData: () => route.actionData,
  // The root's data as the format context reads it: English on the INR deployment.
  useRouteLoaderData: (id: string) => (id === "root" ? { locale: "en", deployment: { code: "INR" } } : undefined),
  useLocation: () => ({
    pathname: route.url.pathname,
    search: route.url.search,
    hash: "",
    key: "default",
    state: null,
  }),
  useNavigation: () => ({ state: "idle" }),
  useNavigate: () => () => undefined,
  useParams: () => route.params,
  useFetcher: () => ({ state: "idle", data: undefined, load: () => undefined }),
};

/** The HTML `Screen` renders at `url` with `data` (and `actionData` after a refused POST), in English. */
export function renderScreen(
  Screen: ComponentType,
  url: string,
  data: object,
  options: { resources: LocaleResources; actionData?: unknown; params?: Record<string, string> },
) {
  route.data = data;
  route.actionData = options.actionData;
  route.url = new URL(`http://localhost${url}`);
  route.params = options.params ?? {};
  const i18n = createPageI18n({ locale: "en", resources: options.resources });
  return renderToString(createElement(I18nextProvider, { i18n }, createElement(Screen)));
}
