import { describe, expect, it } from "vitest";

import {
  cachesToForget,
  copyKeyOf,
  isOfflineScreen,
  markOfflineCopy,
  offlinePage,
  offlineSessionIn,
  savedScreens,
  type OfflinePageStrings,
} from "./policy";

const ORIGIN = "https://app.example";
const reply = (headers: Record<string, string>, status = 200, redirected = false) => ({
  status,
  redirected,
  headers: new Headers(headers),
});
const keyOf = (path: string, headers: Record<string, string>, status = 200, method = "GET", redirected = false) =>
  copyKeyOf(method, new URL(path, ORIGIN), ORIGIN, reply(headers, status, redirected));

describe("which documents the worker keeps", () => {
  it("keeps the five offline screens of a signed-in session, under that session's key", () => {
    for (const path of ["/", "/markets", "/markets?tab=watchlist", "/watchlists", "/trade", "/account"]) {
      expect(keyOf(path, { "X-Offline-Session": "k1" }), path).toBe("k1");
    }
  });

  it("keeps nothing for a visitor, a toast, a failure, a redirect, a POST or another screen", () => {
    expect(keyOf("/markets", { "X-Offline-Session": "anonymous" })).toBeNull();
    expect(keyOf("/markets", {})).toBeNull();
    expect(keyOf("/trade", { "X-Offline-Session": "k1", "X-Offline-Copy": "no" })).toBeNull();
    expect(keyOf("/trade", { "X-Offline-Session": "k1" }, 503)).toBeNull();
    expect(keyOf("/trade", { "X-Offline-Session": "k1" }, 200, "POST")).toBeNull();
    expect(keyOf("/trade", { "X-Offline-Session": "k1" }, 200, "GET", true)).toBeNull();
    expect(keyOf("/settings/bank-cards", { "X-Offline-Session": "k1" })).toBeNull();
    expect(keyOf("/withdraw", { "X-Offline-Session": "k1" })).toBeNull();
  });

  it("never treats another origin's page as a screen", () => {
    expect(isOfflineScreen(new URL("https://elsewhere.example/markets"), ORIGIN)).toBe(false);
  });
});

describe("whose copies go", () => {
  const names = ["workbox-precache-v2-x", "screens-k1", "screens-k2", "market-data"];

  it("another session's document deletes every other session's copies", () => {
    expect(cachesToForget(names, "k2")).toEqual(["screens-k1"]);
  });

  it("a visitor's document, or a logout, deletes all of them (and nothing shared)", () => {
    expect(cachesToForget(names, "anonymous")).toEqual(["screens-k1", "screens-k2"]);
    expect(cachesToForget(names, null)).toEqual(["screens-k1", "screens-k2"]);
  });
});

it("a copy is marked on its <html> element only, with why it is shown", () => {
  const page = '<!DOCTYPE html><html lang="en" dir="ltr"><body><p>html</p></body></html>';
  expect(markOfflineCopy(page, "offline")).toBe(
    '<!DOCTYPE html><html data-offline-copy="offline" lang="en" dir="ltr"><body><p>html</p></body></html>',
  );
  expect(markOfflineCopy(page, "updating")).toBe(
    '<!DOCTYPE html><html data-offline-copy="updating" lang="en" dir="ltr"><body><p>html</p></body></html>',
  );
});

it("the session on the device is the offline_session cookie's key, or none", () => {
  expect(offlineSessionIn("lng=en; offline_session=Ab-_0123456789abcdefgh; other=1")).toBe("Ab-_0123456789abcdefgh");
  expect(offlineSessionIn("offline_session=k1")).toBe("k1");
  expect(offlineSessionIn("x_offline_session=k1; lng=en")).toBeNull();
  expect(offlineSessionIn("offline_session=")).toBeNull();
  expect(offlineSessionIn("")).toBeNull();
});

describe("the offline page for a screen with no copy (issue 38 item 14)", () => {
  const strings: OfflinePageStrings = {
    title: "You are offline",
    text: "There is no copy of this screen saved on this device.",
    signedOut: "Copies of your screens are cleared when you sign out.",
    saved: "Saved on this device",
    retry: "Try again",
    nav: {
      label: "Main",
      screens: {
        "/": "Home",
        "/markets": "Markets",
        "/watchlists": "Watchlist",
        "/trade": "Trade",
        "/account": "Account",
      },
    },
  };
  const page = (signedIn: boolean, saved: string[]) =>
    offlinePage({
      locale: "en",
      strings,
      href: "/trade?tab=orders",
      signedIn,
      saved,
      stylesheet: "/build/_assets/app-X.css",
    });

  it("links each screen that has a copy once: the screen itself when kept, else its first kept tab", () => {
    expect(savedScreens(["/markets?tab=watchlist", "/", "/markets", "/account?x=1"])).toEqual([
      { screen: "/", href: "/" },
      { screen: "/markets", href: "/markets" },
      { screen: "/account", href: "/account?x=1" },
    ]);
  });

  it("is styled by the app's stylesheet, with the bottom bar, the saved screens and Try again", () => {
    const html = page(true, ["/markets", "/"]);
    expect(html).toContain('<link rel="stylesheet" href="/build/_assets/app-X.css">');
    expect(html).toContain("<p>There is no copy of this screen saved on this device.</p>");
    expect(html).toContain(
      '<h2>Saved on this device</h2><ul class="offline-page__saved"><li><a class="button button--secondary" href="/">Home</a></li><li><a class="button button--secondary" href="/markets">Markets</a></li></ul>',
    );
    expect(html).toContain('<a class="button" href="/trade?tab=orders">Try again</a>');
    expect(html).toContain('<nav class="bottom-nav" aria-label="Main">');
    expect(html).toContain('<a href="/trade" aria-current="page">');
    expect(html).not.toContain("<script");
  });

  it("signed out, says copies are cleared at sign-out and links no copy", () => {
    const html = page(false, ["/markets"]);
    expect(html).toContain("<p>Copies of your screens are cleared when you sign out.</p>");
    expect(html).not.toContain("Saved on this device");
  });
});
