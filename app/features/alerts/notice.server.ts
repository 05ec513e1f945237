/**
 * The notice on the customer's next page after a price alert fired (docs/product.md#price-alerts; why this way:
 * docs/decisions/0451). The root loader already asks the provider for the support chat's unread count on each page
 * load (docs/decisions/0195); a fired alert leaves an unread message, so the count rising since the last page is the
 * only time the provider is asked which alerts fired (`alert/list?status=fired`). A small cookie remembers, per
 * customer, the count seen and the newest fired alert already announced, so each is announced once on this browser.
 * No cookie yet (a new browser): alerts fired in the last day are announced. It is not signed: all a changed value can
 * do is show or hide this browser's own notices (docs/decisions/0575).
 */
import { parse as parseCookies, serialize as serializeCookie } from "cookie";

import type { Locale, TFunction } from "~/i18n/config";
import { formatMarketMoney, type FormatContext } from "~/i18n/format";
import { getFixedT } from "~/i18n/i18next.server";
import { listAlertsIfOffered } from "~/provider/alerts.server";
import type { ProviderContext } from "~/provider/core.server";
import { attempt, logFailure } from "~/provider/failures.server";
import { secureCookies } from "~/session/cookies.server";
import type { ShownToast } from "~/session/toast";
import { deployment } from "~/utils/request.server";

import { alertTermsText } from "./words";

/** How far back a browser with no cookie yet announces fired alerts. */
export const FIRST_LOOK_MS = 24 * 60 * 60 * 1000;

const SEEN_COOKIE = "__alerts_seen";
const SEEN_OPTIONS = { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 * 60 * 24 * 365 } as const;

interface Seen {
  /** The customer (their number): another customer on this browser starts afresh. */
  u: string;
  /** The unread count the last page saw. */
  n: number;
  /** The newest fired alert's time already announced (ISO). */
  at: string;
}

function readSeen(request: Request, customer: string): Seen | null {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${SEEN_COOKIE}=`)) return null;
  let value: Partial<Seen> | null;
  try {
    value = JSON.parse(parseCookies(header)[SEEN_COOKIE] ?? "null") as Partial<Seen> | null;
  } catch {
    return null;
  }
  if (!value || value.u !== customer || !Number.isInteger(value.n) || typeof value.at !== "string") return null;
  return value as Seen;
}

function writeSeen(value: Seen): string {
  return serializeCookie(SEEN_COOKIE, JSON.stringify(value), { ...SEEN_OPTIONS, secure: secureCookies() });
}

export interface FiredAlertNotice {
  /** The notice to show on this page, or null. */
  notice: ShownToast | null;
  /** The Set-Cookie value that remembers what this page saw, or null when nothing changed. */
  setCookie: string | null;
}

/**
 * For the root loader, on a page load with the chat's unread count in hand: the notice of alerts fired since the last
 * page, at most one provider call, only when the count rose.
 */
export async function firedAlertNotice(input: {
  request: Request;
  provider: ProviderContext;
  customer: string;
  unread: number;
  locale: Locale;
  now?: number;
}): Promise<FiredAlertNotice> {
  const { request, provider, customer, unread, locale } = input;
  const now = input.now ?? Date.now();
  const seen = readSeen(request, customer);
  if (seen && unread <= seen.n) {
    return { notice: null, setCookie: unread === seen.n ? null : writeSeen({ ...seen, n: unread }) };
  }
  const since = seen?.at ?? new Date(now - FIRST_LOOK_MS).toISOString();
  if (unread === 0) return { notice: null, setCookie: writeSeen({ u: customer, n: 0, at: since }) };
  const reply = await attempt(listAlertsIfOffered(provider, { status: "fired", limit: 20 }));
  if (!reply.ok) {
    logFailure("fired alerts", reply.failure);
    return { notice: null, setCookie: null };
  }
  const fired = (reply.data?.rows ?? []).filter((row) => row.fired_at !== null && row.fired_at > since);
  const newest = fired.reduce((latest, row) => (row.fired_at! > latest ? row.fired_at! : latest), since);
  const setCookie = writeSeen({ u: customer, n: unread, at: newest });
  if (fired.length === 0) return { notice: null, setCookie };
  const t = (await getFixedT(locale, "alerts")) as unknown as TFunction<"alerts">;
  const fmt: FormatContext = { locale, deployment };
  if (fired.length === 1) {
    const [row] = fired;
    const price = formatMarketMoney(row.fired_price ?? 0, fmt, row.type);
    return {
      notice: { text: t("toast.firedOne", { what: alertTermsText(t, fmt, row), price }), type: "info" },
      setCookie,
    };
  }
  const names = Array.from(new Set(fired.map((row) => row.name))).join(", ");
  return { notice: { text: t("toast.firedMany", { count: fired.length, names }), type: "info" }, setCookie };
}
