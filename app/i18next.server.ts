import i18next, { type i18n as I18n, type TFunction } from "i18next";

import { secureCookies } from "~/session.server";

import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  SUPPORTED_LOCALES,
  i18nBaseOptions,
  isSupportedLocale,
  namespacesForPath,
  type Locale,
  type LocaleResources,
  type Namespace,
} from "~/i18n";

import deCommon from "../locales/de/common.json";
import deMarkets from "../locales/de/markets.json";
import deStock from "../locales/de/stock.json";
import deTrade from "../locales/de/trade.json";
import enCommon from "../locales/en/common.json";
import enMarkets from "../locales/en/markets.json";
import enStock from "../locales/en/stock.json";
import enTrade from "../locales/en/trade.json";
import esCommon from "../locales/es/common.json";
import esMarkets from "../locales/es/markets.json";
import esStock from "../locales/es/stock.json";
import esTrade from "../locales/es/trade.json";
import zhCommon from "../locales/zh/common.json";
import zhMarkets from "../locales/zh/markets.json";
import zhStock from "../locales/zh/stock.json";
import zhTrade from "../locales/zh/trade.json";

export const resources: Record<Locale, Required<LocaleResources>> = {
  en: { common: enCommon, markets: enMarkets, stock: enStock, trade: enTrade },
  zh: { common: zhCommon, markets: zhMarkets, stock: zhStock, trade: zhTrade },
  de: { common: deCommon, markets: deMarkets, stock: deStock, trade: deTrade },
  es: { common: esCommon, markets: esMarkets, stock: esStock, trade: esTrade },
};

/**
 * The `lng` cookie written by `/set-locale`: a plain value (`lng=de`), one year, so the choice stays on the
 * device. Not signed: it only ever selects one of the supported locales.
 */
export function localeCookieHeader(locale: Locale): string {
  const secure = secureCookies() ? "; Secure" : "";
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax; HttpOnly${secure}`;
}

/**
 * One i18next instance initialised at start with every locale in memory (STACK pitfall 5);
 * requests get `cloneInstance({ lng })`, which shares the resource store.
 */
const baseInstance: I18n = i18next.createInstance();
void baseInstance.init({
  ...i18nBaseOptions,
  lng: DEFAULT_LOCALE,
  resources,
});

export async function getLocale(request: Request): Promise<Locale> {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LOCALE_COOKIE && isSupportedLocale(value)) return value;
  }
  return DEFAULT_LOCALE;
}

/** A translation function for loaders and actions, fixed to the request's locale. */
export async function getFixedT(request: Request | Locale, ns: Namespace = "common"): Promise<TFunction> {
  const locale = typeof request === "string" ? request : await getLocale(request);
  return baseInstance.getFixedT(locale, ns);
}

/** The translations a page at `pathname` needs (all namespaces when no path is given). */
export function resourcesFor(locale: Locale, pathname?: string): LocaleResources {
  if (pathname === undefined) return resources[locale];
  return Object.fromEntries(namespacesForPath(pathname).map((ns) => [ns, resources[locale][ns]]));
}

/** Locales offered in the picker: `VISIBLE_LOCALES` (comma list), default `en`; unknown codes ignored. */
export function visibleLocales(): Locale[] {
  const listed = (process.env.VISIBLE_LOCALES ?? DEFAULT_LOCALE)
    .split(",")
    .map((code) => code.trim())
    .filter(isSupportedLocale);
  return listed.length > 0 ? Array.from(new Set(listed)) : [DEFAULT_LOCALE];
}

export { SUPPORTED_LOCALES };
