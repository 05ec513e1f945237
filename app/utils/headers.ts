import type { HeadersFunction } from "@remix-run/node";

/**
 * The document of a screen with the customer's own or live figures is never cached either (loader headers only
 * cover `_data`): the loader's Cache-Control, else `private, no-store`. Its own module, so that a screen using it
 * does not load another feature's stylesheets with it.
 */
export const noStoreHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", loaderHeaders.get("Cache-Control") ?? "private, no-store");
  return headers;
};
