/**
 * The forex list's "load more" (docs/product.md#lists, docs/decisions/0104): a next page that cannot be loaded
 * is an answer the list shows with a retry (its rows stay), never an exception for the route's error boundary.
 */
import { describe, expect, it } from "vitest";

import { fetchListPage } from "./loadMore";

const page2 = {
  asOf: 1,
  kind: "forex",
  code: "",
  codeError: null,
  rows: [{ symbol: "USDCAD=X" }],
  failure: null,
  empty: null,
  page: 2,
  pageCount: 2,
  total: 16,
};

describe("forex load more", () => {
  it("a network failure, an error status, a provider failure or a non-JSON answer is { ok: false }", async () => {
    const offline = (() => Promise.reject(new TypeError("Failed to fetch"))) as typeof fetch;
    expect(await fetchListPage("/resources/forex?page=2", offline)).toEqual({ ok: false });
    const status = (() => Promise.resolve(new Response("{}", { status: 503 }))) as typeof fetch;
    expect(await fetchListPage("/resources/forex?page=2", status)).toEqual({ ok: false });
    const failed = (() =>
      Promise.resolve(Response.json({ ...page2, rows: [], failure: "Failed to load currency list" }))) as typeof fetch;
    expect(await fetchListPage("/resources/forex?page=2", failed)).toEqual({ ok: false });
    const html = (() =>
      Promise.resolve(new Response("<!doctype html><title>Log in</title>", { status: 200 }))) as typeof fetch;
    expect(await fetchListPage("/resources/forex?page=2", html)).toEqual({ ok: false });
  });

  it("a session that ended lands on the login screen, which the list goes to instead of offering a retry", async () => {
    const signedOut = (() => {
      const login = new Response("<!doctype html><title>Log in</title>", { status: 200 });
      Object.defineProperty(login, "redirected", { value: true });
      Object.defineProperty(login, "url", {
        value: "http://127.0.0.1:3000/login?redirectTo=%2Fresources%2Fforex%3Fpage%3D2",
      });
      return Promise.resolve(login);
    }) as typeof fetch;
    expect(await fetchListPage("/resources/forex?page=2", signedOut)).toEqual({ ok: false, signedOut: true });
  });

  it("a page that loads is its rows", async () => {
    const requested: string[] = [];
    const ok = ((href: string) => {
      requested.push(href);
      return Promise.resolve(Response.json(page2));
    }) as typeof fetch;
    expect(await fetchListPage("/resources/forex?page=2", ok)).toEqual({ ok: true, data: page2 });
    expect(requested).toEqual(["/resources/forex?page=2"]);
  });
});
