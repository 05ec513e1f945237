/**
 * Stylesheets inline in the document (docs/decisions/0150-inline-critical-css.md): the server renders the
 * stylesheets of the routes a document request matched as `<style nonce>` elements in `<head>`, so first paint
 * waits for no stylesheet request. Route stylesheets reached later by client navigations stay ordinary Remix
 * `links` (preloaded before the navigation commits, then cached for a year).
 *
 * Routes declare their stylesheets with `routeLinks(href…)` instead of `{ rel: "stylesheet" }` descriptors.
 * Its `links()` leaves out the stylesheets the document already carries (all of them on the server, where
 * `<InlineStyles>` renders them), so Remix neither links nor preloads them again.
 */
import type { LinkDescriptor } from "@remix-run/node";
import { useMatches } from "@remix-run/react";

import { inlineStylesheets, type InlineStylesheet } from "~/utils/styles.server";
import { useNonce } from "~/utils/nonce-provider";

/** A route's `links` export whose stylesheets the document may carry inline. */
export type RouteLinks = (() => LinkDescriptor[]) & { readonly stylesheets: readonly string[] };

/**
 * `links` for a route: each string is a stylesheet's URL (a `.css` import), other descriptors (icons…) pass
 * through. `routeLinks(marketStyles, stockStyles)` keeps that order in the cascade.
 */
export function routeLinks(...entries: Array<string | LinkDescriptor>): RouteLinks {
  const stylesheets = entries.filter((entry): entry is string => typeof entry === "string");
  const others = entries.filter((entry): entry is LinkDescriptor => typeof entry !== "string");
  const links = () => [
    ...others,
    ...stylesheets.filter((href) => !carriedByDocument(href)).map((href): LinkDescriptor => ({ rel: "stylesheet", href })),
  ];
  return Object.assign(links, { stylesheets });
}

/**
 * Browser: the `data-href` elements the server rendered, read once before anything changes them, and the
 * request's nonce, which browsers hide from attributes but keep in the `nonce` property (a style element React
 * has to create again, in a client-rendered recovery, carries it or CSP would block it).
 */
let fromDocument: { sheets: InlineStylesheet[]; nonce: string } | undefined;

function browserDocument() {
  if (!fromDocument) {
    const elements = Array.from(document.head.querySelectorAll<HTMLElement>("style[data-href], link[data-href]"));
    fromDocument = {
      sheets: elements.map((element) => ({
        href: element.dataset.href ?? "",
        css: element instanceof HTMLStyleElement ? element.textContent ?? "" : undefined,
      })),
      nonce: elements.find((element) => element instanceof HTMLStyleElement)?.nonce ?? "",
    };
  }
  return fromDocument;
}

/** Server: every `routeLinks` stylesheet (`<InlineStyles>` renders it). Browser: those this document carries. */
function carriedByDocument(href: string): boolean {
  return typeof document === "undefined" || browserDocument().sheets.some((sheet) => sheet.href === href);
}

/**
 * The matched routes' stylesheets as `<style>` elements (or a plain `<link>` for one the server could not read).
 * In the browser it renders what the server sent and keeps it for the page's life: route stylesheets only
 * style their own prefixed classes (`.mk-`, `.tr-`…), so a sheet left in place after its route is gone
 * changes nothing, and none is ever fetched or inserted again (CSP: no script-made style element).
 */
export function InlineStyles() {
  const requestNonce = useNonce();
  const matches = useMatches();
  const { sheets, nonce } =
    typeof document === "undefined"
      ? { sheets: inlineStylesheets(matches.map((match) => match.id)), nonce: requestNonce }
      : browserDocument();
  return (
    <>
      {sheets.map(({ href, css }) =>
        css === undefined ? (
          <link key={href} rel="stylesheet" href={href} data-href={href} />
        ) : (
          <style key={href} nonce={nonce} data-href={href} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />
        ),
      )}
    </>
  );
}
