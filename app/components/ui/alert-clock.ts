/**
 * When the page last said something urgent (docs/decisions/0347-price-announcements.md): an element with
 * role="alert" – the error summary of a failed submit, the offline banner, a refused favourite – appeared, changed
 * its words or took focus (the summary is focused again on each failed submit). A polite announcement that would be
 * read right after it (the buy/sell screen's "Price moved") waits instead, so the customer hears the error alone.
 * One observer of the document while any screen asks (`watchAlerts`), none otherwise.
 */

const ALERT = '[role="alert"]';

let lastAlert: number | null = null;
let watchers = 0;
let observer: MutationObserver | null = null;

/** The Date.now() of the last alert seen while watched, or null. */
export function lastAlertAt(): number | null {
  return lastAlert;
}

/** Something with `closest` (an element) or a text node's parent element. */
interface NodeLike {
  nodeType: number;
  parentElement?: ElementLike | null;
}
interface ElementLike extends NodeLike {
  closest(selector: string): { textContent: string | null } | null;
  querySelector?(selector: string): { textContent: string | null } | null;
}

const ELEMENT_NODE = 1;
const spoken = (node: { textContent: string | null } | null) => Boolean(node?.textContent?.trim());

/**
 * Whether DOM changes put words into an alert: a node added in or around one, or its text changed. Empty alerts
 * (a summary's container before its errors) say nothing yet.
 */
export function changesAnAlert(records: Iterable<{ target: NodeLike; addedNodes: Iterable<NodeLike> }>): boolean {
  for (const record of records) {
    if (spoken(elementOf(record.target)?.closest(ALERT) ?? null)) return true;
    for (const node of record.addedNodes) {
      const element = elementOf(node);
      if (!element) continue;
      if (spoken(element.closest(ALERT)) || spoken(element.querySelector?.(ALERT) ?? null)) return true;
    }
  }
  return false;
}

function elementOf(node: NodeLike): ElementLike | null {
  return node.nodeType === ELEMENT_NODE ? (node as ElementLike) : (node.parentElement ?? null);
}

function onFocus(event: FocusEvent) {
  const target = event.target as ElementLike | null;
  if (target && typeof target.closest === "function" && target.closest(ALERT)) lastAlert = Date.now();
}

/** Starts noting alerts (browser only); the returned function stops, once no screen watches any more. */
export function watchAlerts(): () => void {
  watchers += 1;
  if (!observer) {
    observer = new MutationObserver((records) => {
      if (changesAnAlert(records as unknown as Iterable<{ target: NodeLike; addedNodes: Iterable<NodeLike> }>))
        lastAlert = Date.now();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    document.addEventListener("focusin", onFocus);
  }
  return () => {
    watchers -= 1;
    if (watchers > 0 || !observer) return;
    observer.disconnect();
    observer = null;
    document.removeEventListener("focusin", onFocus);
  };
}
