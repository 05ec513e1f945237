/**
 * Stylesheets inline in the document (docs/decisions/0150-inline-critical-css.md): the server renders the
 * stylesheets of the routes a document request matched as `<style nonce>` elements in `<head>`, so first paint
 * waits for no stylesheet request. Route stylesheets reached later by client navigations stay ordinary Remix
 * `links` (preloaded before the navigation commits, then cached for a year).
 *
 * Routes declare their stylesheets with `routeLinks(href…)` instead of `{ rel: "stylesheet" }` descriptors (a
 * route's `links` may also call one: `() => [...walletLinks(), icon]`). Its `links()` leaves out the
 * stylesheets the document carries (all of them on the server, where `<InlineStyles>` renders them), so Remix
 * neither links nor preloads them again.
 */
import type { LinkDescriptor } from "@remix-run/node";
import { useMatches } from "@remix-run/react";

import { useNonce } from "~/utils/nonce-provider";
import { readStylesheet, routeLinksFunctions } from "~/utils/styles.server";

export interface InlineStylesheet {
  href: string;
  /** The rules, ready for a `<style>` element; undefined when the server could not read them (linked instead). */
  css: string | undefined;
}

/** True while `inlineableStylesheets` calls a route's `links`: `routeLinks` then lists its stylesheets too. */
let listing = false;
const INLINE = Symbol("inline");

/**
 * `links` for a route: each string is a stylesheet's URL (a `.css` import), other descriptors (icons…) pass
 * through. `routeLinks(marketStyles, stockStyles)` keeps that order in the cascade.
 */
export function routeLinks(...entries: Array<string | LinkDescriptor>): () => LinkDescriptor[] {
  return () =>
    entries.flatMap((entry): LinkDescriptor[] => {
      if (typeof entry !== "string") return [entry];
      if (listing) return [{ rel: "stylesheet", href: entry, [INLINE]: true } as LinkDescriptor];
      return carriedByDocument(entry) ? [] : [{ rel: "stylesheet", href: entry }];
    });
}

/** The `routeLinks` stylesheets a route's `links` export lists, in order (none for anything else). */
export function inlineableStylesheets(links: unknown): string[] {
  if (typeof links !== "function") return [];
  listing = true;
  try {
    return (links() as LinkDescriptor[]).flatMap((link) =>
      INLINE in link && "href" in link && link.href ? [link.href] : [],
    );
  } finally {
    listing = false;
  }
}

/** The matched routes' stylesheets (root first), each once, with their text from `read`. */
export function documentStylesheets(
  routeLinks: readonly unknown[],
  read: (href: string) => string | undefined,
): InlineStylesheet[] {
  const hrefs = new Set(routeLinks.flatMap(inlineableStylesheets));
  return Array.from(hrefs, (href) => ({ href, css: read(href) }));
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
        css: element instanceof HTMLStyleElement ? (element.textContent ?? "") : undefined,
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
 * `styles.server` is an empty module in the browser bundle: its functions are only called on the server.
 */
export function InlineStyles() {
  const requestNonce = useNonce();
  const matches = useMatches();
  const { sheets, nonce } =
    typeof document === "undefined"
      ? {
          sheets: documentStylesheets(routeLinksFunctions(matches.map((match) => match.id)), readStylesheet),
          nonce: requestNonce,
        }
      : browserDocument();
  return (
    <>
      {sheets.map(({ href, css }) =>
        css === undefined ? (
          <link key={href} rel="stylesheet" href={href} data-href={href} />
        ) : (
          <style
            key={href}
            nonce={nonce}
            data-href={href}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: css }}
          />
        ),
      )}
    </>
  );
}
