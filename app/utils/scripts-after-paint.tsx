/**
 * The page's JavaScript starts after its first paint (docs/decisions/0163-scripts-after-first-paint.md), in
 * markup that is valid HTML (docs/decisions/0196-after-paint-markup-valid-html.md).
 *
 * Every page is complete without JavaScript (forms first) and carries the CSS its first paint needs, so the
 * first paint needs only the document. Remix's `<Scripts>` still lets the browser fetch 25-35 modules while
 * that first paint is pending; on a slow link they share its connections and, on a cheap phone, its CPU.
 * `deferScripts` (entry.server, on the rendered document) makes Remix's modulepreload links and module script
 * inert: the links go, unchanged, into a `<template>` (whose content the browser neither fetches nor renders),
 * and the module script becomes a data block (`type="text/x-after-paint"`, without `async`, which a data block
 * must not carry). `<ScriptsAfterPaint>` (root, after `<Scripts>`) turns them back on once the browser reports
 * the first contentful paint: the template is replaced by its links (live modulepreloads from then on) and a
 * copy of the module script runs.
 *
 * Hydration is unaffected: it starts from that module script, so after the template has given its links back
 * to the very place React rendered them; React does not compare attributes when hydrating, so the data block's
 * type does not matter; and the running copy leaves the DOM as soon as it is inserted (a module script
 * inserted once runs even when removed).
 */
export const INERT_MODULE_TYPE = "text/x-after-paint";
/** The attribute that marks the template holding Remix's modulepreload links. */
export const PRELOADS_TEMPLATE = "data-after-paint";

/**
 * Remix's module script and modulepreload links in a rendered document, made inert (entry.server). `<Scripts>`
 * writes them after the page's content, links first and side by side: only the document from the first link on
 * is rewritten, not the whole 30-60 KB string twice (two full copies per document were ~13 % of the server's
 * allocations).
 */
export function deferScripts(html: string): string {
  const first = html.indexOf(MODULE_PRELOAD);
  const from = first === -1 ? 0 : first;
  let tail = html.slice(from);
  if (first !== -1) {
    const links = PRELOAD_RUN.exec(tail)![0];
    tail = `<template ${PRELOADS_TEMPLATE}="">${links}</template>${tail.slice(links.length)}`;
  }
  tail = tail.replace(MODULE_SCRIPT, (tag) =>
    tag.replace(' type="module"', ` type="${INERT_MODULE_TYPE}"`).replace(' async=""', ""),
  );
  return from === 0 ? tail : html.slice(0, from) + tail;
}
const MODULE_PRELOAD = '<link rel="modulepreload" ';
// The links Remix writes side by side, from the first one on.
const PRELOAD_RUN = /^(?:<link rel="modulepreload" [^>]*>)+/;
// The start tag of Remix's module script (the first one with `type="module"`).
const MODULE_SCRIPT = /<script\b[^>]*?\stype="module"[^>]*>/;

// Runs inline at the end of the body. It starts once the browser reports the page's first contentful paint (a
// `paint` performance entry, which carries the time the frame was shown). A hidden page (a background tab)
// paints nothing, so it starts at once; a browser without paint entries, or a page that paints nothing, starts
// after one second. Two short tasks, not one (docs/decisions/0305-after-paint-start-in-two-short-tasks.md): the
// links, then the module script; each found among this script's preceding siblings, where `<Scripts>` wrote them,
// rather than by a selector over the whole document.
const START = `(function(){var done=false,me=document.currentScript;
function near(f,q){for(var e=me&&me.previousElementSibling;e;e=e.previousElementSibling)if(f(e))return e;return document.querySelector(q)}
function start(){if(done)return;done=true;var d=document;
var t=near(function(e){return e.tagName==="TEMPLATE"&&e.hasAttribute("${PRELOADS_TEMPLATE}")},"template[${PRELOADS_TEMPLATE}]");
if(t)t.replaceWith(t.content);setTimeout(function(){
var o=near(function(e){return e.type==="${INERT_MODULE_TYPE}"},'script[type="${INERT_MODULE_TYPE}"]');if(!o)return;
var s=d.createElement("script");s.type="module";s.nonce=o.nonce;s.textContent=o.textContent;
d.body.appendChild(s);s.remove()},0)}
if(document.visibilityState==="hidden")return start();setTimeout(start,1000);
try{new PerformanceObserver(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(start,0)}}).observe({type:"paint",buffered:true})}catch(e){start()}})()`;

/**
 * The page's number and time formats, built once in a worker while the modules are on their way (docs/decisions/
 * 0303-formats-warmed-in-a-worker.md, which replaces 0261's tasks on the page's thread): a browser's first
 * `Intl.NumberFormat`, `Intl.DateTimeFormat` and `Intl.PluralRules` load the locale's and the time zone's data
 * (40-100, 5-20 and under 1 ms at full speed on this machine, 4-6x that on a cheap phone), which would otherwise
 * be a long task of the page's own thread. Chromium keeps that data for the page's process, so the formatters the
 * components build during hydration then cost ~0.1 ms each. Where the worker cannot start, the first formatter
 * built in hydration pays, as before 0261.
 */
export interface IntlWarmUp {
  /** The formats' locale tag (`en-IN`: `intlLocale`). */
  tag: string;
  /** The deployment's time zone (`timeZoneOf`). */
  timeZone: string;
}

/** The worker's script (public/, precached by the service worker: scripts/build-sw.mjs). */
export const INTL_WORKER_URL = "/intl-warm.js";

function warmUpScript({ tag, timeZone }: IntlWarmUp): string {
  const message = JSON.stringify({ tag, timeZone }).replace(/</g, "\\u003c");
  return `try{new Worker("${INTL_WORKER_URL}").postMessage(${message})}catch(e){}`;
}

export function ScriptsAfterPaint({ nonce, intl }: { nonce: string; intl?: IntlWarmUp }) {
  const html = intl
    ? START.replace("d.body.appendChild(s);s.remove()}", `d.body.appendChild(s);s.remove();${warmUpScript(intl)}}`)
    : START;
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />;
}
