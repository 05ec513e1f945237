import { describe, expect, it } from "vitest";

import { cachesToForget, copyKeyOf, isOfflineScreen, markOfflineCopy } from "./policy";

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

it("a copy is marked on its <html> element only", () => {
  expect(markOfflineCopy('<!DOCTYPE html><html lang="en" dir="ltr"><body><p>html</p></body></html>')).toBe(
    '<!DOCTYPE html><html data-offline-copy="" lang="en" dir="ltr"><body><p>html</p></body></html>',
  );
});
