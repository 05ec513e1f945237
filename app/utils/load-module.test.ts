import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { loadModule } from "./load-module";

// The browser's `window` as far as loadModule uses it: the `online` event.
beforeEach(() => {
  (globalThis as { window?: EventTarget }).window = new EventTarget();
});
afterEach(() => {
  delete (globalThis as { window?: EventTarget }).window;
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("loadModule", () => {
  it("a module the network lost is loaded again when the browser is back online, and used once", async () => {
    const used: string[] = [];
    let calls = 0;
    loadModule(
      () =>
        ++calls === 1
          ? Promise.reject(new TypeError("Failed to fetch dynamically imported module"))
          : Promise.resolve("poller"),
      (module) => used.push(module),
    );
    await settle();
    expect(used).toEqual([]);
    expect(calls).toBe(1);

    window.dispatchEvent(new Event("online"));
    await settle();
    window.dispatchEvent(new Event("online"));
    await settle();
    expect(used).toEqual(["poller"]);
    expect(calls).toBe(2);
  });

  it("after cancel the module is not used, and going online loads nothing", async () => {
    const used: string[] = [];
    let calls = 0;
    const cancel = loadModule(
      () => (++calls === 1 ? Promise.reject(new TypeError("offline")) : Promise.resolve("poller")),
      (module) => used.push(module),
    );
    await settle();
    cancel();
    window.dispatchEvent(new Event("online"));
    await settle();
    expect(used).toEqual([]);
    expect(calls).toBe(1);
  });
});
