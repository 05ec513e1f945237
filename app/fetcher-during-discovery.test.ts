/*
 * The browser's router is patched (patches/@remix-run+router+1.23.3.patch, decision 0174): a fetcher's action that
 * returns while a navigation is still discovering its route (lazy route discovery) used to throw "Didn't find any
 * matches after fetcher action", an uncaught error in the page (seen in e2e: star a stock, then tap Buy at once).
 * Now the fetcher ends with its action's data and the navigation completes, loading the new screen's data.
 */
import { afterEach, describe, expect, it } from "vitest";

import type { Router } from "@remix-run/router";

// The ES module build is the one the browser bundle is made from (its types are the package's).
const { createMemoryHistory, createRouter } = (await import(
  "../node_modules/@remix-run/router/dist/router.js"
)) as unknown as typeof import("@remix-run/router");

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const browserWindow = {
  document: { createElement: () => ({}) },
  location: { origin: "http://localhost", href: "http://localhost/" },
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
};

let router: Router | undefined;
afterEach(() => router?.dispose());

describe("a fetcher action that returns while a navigation discovers its route", () => {
  it("ends the fetcher with its data, raises nothing, and the navigation still lands with its data", async () => {
    const action = deferred<unknown>();
    const discovery = deferred<void>();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    let buyLoads = 0;

    router = createRouter({
      // A browser, as far as the router asks (it refuses fetches during a server render).
      window: browserWindow as unknown as Window,
      history: createMemoryHistory({ initialEntries: ["/stock"] }),
      routes: [
        {
          id: "root",
          path: "/",
          loader: () => "root",
          children: [{ id: "stock", path: "stock", loader: () => "stock", action: () => action.promise }],
        },
      ],
      hydrationData: { loaderData: { root: "root", stock: "stock" } },
      // The Buy screen is not known yet: it arrives with the (slow) discovery.
      async patchRoutesOnNavigation({ path, patch }) {
        if (path !== "/buy") return;
        await discovery.promise;
        patch("root", [{ id: "buy", path: "buy", loader: () => `buy ${++buyLoads}` }]);
      },
    }).initialize();

    const formData = new FormData();
    formData.set("intent", "favourite");
    await router.fetch("star", "stock", "/stock", { formMethod: "post", formData });
    const navigation = router.navigate("/buy");
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(router.state.navigation.state).toBe("loading");

    action.resolve({ favourite: true });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(router.state.fetchers.get("star")).toMatchObject({ state: "idle", data: { favourite: true } });

    discovery.resolve();
    await navigation;
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off("unhandledRejection", onUnhandled);
    expect(unhandled).toEqual([]);
    expect(router.state.location.pathname).toBe("/buy");
    expect(router.state.loaderData.buy).toBe("buy 1");
    expect(router.state.navigation.state).toBe("idle");
  });
});
