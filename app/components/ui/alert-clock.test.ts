/** Which DOM changes count as an alert being said (alert-clock.ts; docs/decisions/0347-price-announcements.md). */
import { describe, expect, it } from "vitest";

import { changesAnAlert } from "./alert-clock";

/** A minimal element: its own text, and whether it is (or sits in) a role="alert" with some text. */
function element(text: string, inAlert: string | null, holdsAlert: string | null = null) {
  return {
    nodeType: 1,
    textContent: text,
    closest: (selector: string) =>
      selector === '[role="alert"]' && inAlert !== null ? { textContent: inAlert } : null,
    querySelector: (selector: string) =>
      selector === '[role="alert"]' && holdsAlert !== null ? { textContent: holdsAlert } : null,
  };
}
const text = (parent: ReturnType<typeof element>) => ({ nodeType: 3, parentElement: parent });

describe("changesAnAlert", () => {
  it("an error summary added to the page, or words changed inside one, is an alert", () => {
    const main = element("", null, "There is a problem Enter a quantity");
    expect(changesAnAlert([{ target: element("", null), addedNodes: [main] }])).toBe(true);
    const summary = element("There is a problem", "There is a problem");
    expect(changesAnAlert([{ target: text(summary), addedNodes: [] }])).toBe(true);
  });

  it("a live price changing its figure, or an empty alert container, is not", () => {
    const price = element("$262.00", null);
    expect(changesAnAlert([{ target: text(price), addedNodes: [] }])).toBe(false);
    expect(changesAnAlert([{ target: element("", null), addedNodes: [element("", null, "  ")] }])).toBe(false);
  });
});
