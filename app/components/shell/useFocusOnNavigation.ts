import { useLocation, useNavigationType } from "@remix-run/react";
import { useEffect, useRef } from "react";

const TEXT_ENTRY =
  "input:not([type=submit]):not([type=button]):not([type=reset]):not([type=checkbox]):not([type=radio]), textarea";

/** Where focus goes once a new page is on screen: its error summary, else its `<h1>`, else main itself. */
export function focusTargetOf(root: ParentNode): HTMLElement | null {
  return (
    root.querySelector<HTMLElement>("main .error-summary") ??
    root.querySelector<HTMLElement>("main h1") ??
    root.querySelector<HTMLElement>("main")
  );
}

/**
 * After a client-side navigation, focus goes where a full page load would leave a screen reader: the new page's
 * `<h1>` (or its error summary after a failed submit), and the document title has already changed with the
 * page (docs/product.md#navigation). Never left on `<body>`, nor on the link that was used ("Next page" now
 * points one page further). The heading gets `tabindex="-1"` here, so no page has to remember it.
 *
 * Waits for an open modal dialog to close first (the page behind it is inert).
 *
 * Not moved: on the first render (the browser already placed focus for the full load), when only the hash
 * changed (skip link, error-summary links to fields), and while the customer types in a field whose changes
 * replace the URL (search as you type).
 */
export function useFocusOnNavigation() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef<{ key: string; page: string } | null>(null);
  useEffect(() => {
    const page = location.pathname + location.search;
    const before = previous.current;
    previous.current = { key: location.key, page };
    if (!before || before.key === location.key) return;
    if (before.page === page && location.hash) return;
    const active = document.activeElement;
    if (
      navigationType === "REPLACE" &&
      active instanceof HTMLElement &&
      active.isConnected &&
      active.matches(TEXT_ENTRY)
    ) {
      return;
    }
    // A modal dialog still open (a confirm step whose POST just came back) makes the page inert: wait until it
    // has closed, or the focus would not move and would then drop to <body> with the dialog.
    // (Not cancelled by a later navigation: it focuses whatever page is on screen when it runs.)
    const focus = (framesLeft: number) => {
      if (document.querySelector("dialog[open]") && framesLeft > 0) {
        requestAnimationFrame(() => focus(framesLeft - 1));
        return;
      }
      const target = focusTargetOf(document);
      if (!target) return;
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    };
    focus(30);
  }, [location.key, location.pathname, location.search, location.hash, navigationType]);
}
