/**
 * The language picker only where there is a choice (docs/product.md#locales): the header's compact language
 * button and the settings card appear with two or more languages offered, and neither with one. The e2e server
 * offers all four, so the one-language case is checked here, on the markup.
 */
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it, vi } from "vitest";

const root = vi.hoisted(() => ({
  data: { user: { user: "9876543210", no: "1" }, locale: "en", visibleLocales: ["en"], support: null } as Record<
    string,
    unknown
  >,
}));
vi.mock("@remix-run/react", () => {
  const strip = ({ reloadDocument, preventScrollReset, prefetch, replace, ...rest }: Record<string, unknown>) => rest;
  return {
    Form: ({ children, ...props }: { children?: ReactNode } & Record<string, unknown>) =>
      createElement("form", strip(props), children),
    Link: ({ to, children, ...props }: { to: string; children?: ReactNode } & Record<string, unknown>) =>
      createElement("a", { ...strip(props), href: to }, children),
    useLoaderData: () => ({ phone: "9876543210", confirmLogout: false }),
    useRouteLoaderData: () => root.data,
    useLocation: () => ({ pathname: "/settings", search: "", hash: "", key: "default", state: null }),
    useSearchParams: () => [new URLSearchParams()],
    useNavigation: () => ({ state: "idle" }),
  };
});
vi.mock("~/i18n/format-context", async () => {
  const { deploymentFor } = await import("~/deployment");
  return { useFormat: () => ({ locale: "en", deployment: deploymentFor("INR") }) };
});

import type { Locale } from "~/i18n/config";
import { createPageI18n } from "~/i18n/instance";
import SettingsPage from "~/routes/settings";

import { Header } from "./Header";
import common from "../../../locales/en/common.json";
import wallet from "../../../locales/en/wallet.json";

function render(locales: Locale[]) {
  root.data = { ...root.data, visibleLocales: locales };
  return renderToString(
    <I18nextProvider i18n={createPageI18n({ locale: "en", resources: { common, wallet } })}>
      <Header locale="en" visibleLocales={locales} />
      <main>
        <SettingsPage />
      </main>
    </I18nextProvider>,
  );
}

describe("the language picker", () => {
  it("with one language offered: no language button in the header, no picker in settings", () => {
    const html = render(["en"]);
    expect(html).not.toContain("<select");
    expect(html).not.toContain("Change language");
    expect(html).not.toContain("language-menu");
    expect(html).not.toContain("Current language");
  });

  it("with four: one compact button in the header's row, opening the picker; the picker in settings too", () => {
    const html = render(["en", "zh", "de", "es"]);
    const bar = html.slice(html.indexOf('class="app-header__bar"'), html.indexOf("</header>"));
    expect(bar).toContain(
      '<details class="language-menu"><summary class="icon-button"><span class="sr-only">Language<!-- --> </span><span lang="en">EN</span></summary>',
    );
    expect(html).not.toContain("app-header__language");
    expect(html.match(/<select/g)).toHaveLength(2);
    expect(html).toContain("Current language: English");
  });
});
