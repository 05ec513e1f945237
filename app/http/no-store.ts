/**
 * The never-cache rule, written once (docs/decisions/0200-one-form-kit.md): a page or answer with the customer's own
 * or live figures is never stored by a browser or a proxy.
 *
 * - `NO_STORE`: the headers of a loader's, action's or resource route's answer (`json(data, { headers: NO_STORE })`).
 * - `noStoreHeaders`: a route's `headers` export, for its document (loader headers only cover `_data`): the
 *   loader's (or a failed action's) Cache-Control when it set one, else `private, no-store`.
 */
import type { HeadersFunction } from "@remix-run/node";

export const NO_STORE = { "Cache-Control": "private, no-store" } as const;

export const noStoreHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set(
    "Cache-Control",
    actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control") ?? NO_STORE["Cache-Control"],
  );
  return headers;
};
