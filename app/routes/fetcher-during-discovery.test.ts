/*
 * The browser's router is patched (patches/@remix-run+router+1.23.3.patch, decision 0174): a fetcher's action that
 * returns while a navigation is still discovering its route (lazy route discovery) used to throw "Didn't find any
 * matches after fetcher action", an uncaught error in the page (seen in e2e: star a stock, then tap Buy at once).
 * Now the fetcher ends with its action's data and the navigation completes, loading the new screen's data.
 * Decision 0177: when the fetcher's revalidation (of the page it was on) finishes while a navigation that started
 * after it is still discovering its route, the navigation is not completed with that old page's matches (the page
 * was replaced by the root's default "Loading..." fallback in e2e).
 */
import { afterEach, describe, expect, it } from "vitest";

import type { ActionFunction, LoaderFunction, Router } from "@remix-run/router";

// The ES module build is the one the browser bundle is made from (its types are the package's).
const { createMemoryHistory, createRouter } = (await import(
  "../../node_modules/@remix-run/router/dist/router.js"
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

/**
 * The stock page (root + stock, hydrated) in a browser, as far as the router asks (it refuses fetches during a
 * server render); the Buy screen is not known yet: it arrives with the (slow) discovery, loading `buyLoader`.
 */
function stockPageRouter(options: {
  rootLoader: LoaderFunction;
  stockAction: ActionFunction;
  discovery: Promise<void>;
  buyLoader: LoaderFunction;
}): Router {
  return createRouter({
    window: browserWindow as unknown as Window,
    history: createMemoryHistory({ initialEntries: ["/stock"] }),
    routes: [
      {
        id: "root",
        path: "/",
        loader: options.rootLoader,
        children: [{ id: "stock", path: "stock", loader: () => "stock", action: options.stockAction }],
      },
    ],
    hydrationData: { loaderData: { root: "root", stock: "stock" } },
    async patchRoutesOnNavigation({ path, patch }) {
      if (path !== "/buy") return;
      await options.discovery;
      patch("root", [{ id: "buy", path: "buy", loader: options.buyLoader }]);
    },
  }).initialize();
}

describe("a fetcher action that returns while a navigation discovers its route", () => {
  it("ends the fetcher with its data, raises nothing, and the navigation still lands with its data", async () => {
    const action = deferred<unknown>();
    const discovery = deferred<void>();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    let buyLoads = 0;

    router = stockPageRouter({
      rootLoader: () => "root",
      stockAction: () => action.promise,
      discovery: discovery.promise,
      buyLoader: () => `buy ${++buyLoads}`,
    });

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

  it("does not complete a navigation that is still discovering its route with the old page's revalidation", async () => {
    const rootReload = deferred<string>();
    const discovery = deferred<void>();
    let rootLoads = 0;

    router = stockPageRouter({
      // The first load is the revalidation after the star (the page was hydrated): held open.
      rootLoader: () => (++rootLoads === 1 ? rootReload.promise : `root ${rootLoads}`),
      stockAction: () => ({ favourite: true }),
      discovery: discovery.promise,
      buyLoader: () => "buy",
    });

    const formData = new FormData();
    formData.set("intent", "favourite");
    await router.fetch("star", "stock", "/stock", { formMethod: "post", formData });
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The star's action is done; its revalidation of /stock waits on the root loader. Now the customer taps Buy.
    const navigation = router.navigate("/buy");
    await new Promise((resolve) => setTimeout(resolve, 10));
    rootReload.resolve("root after star");
    await new Promise((resolve) => setTimeout(resolve, 10));

    // Still on /stock with its own matches, the navigation still loading: not /buy with the stock page's matches.
    expect(router.state.location.pathname).toBe("/stock");
    expect(router.state.matches.map((match) => match.route.id)).toEqual(["root", "stock"]);
    expect(router.state.navigation.state).toBe("loading");
    expect(router.state.loaderData.root).toBe("root after star");
    expect(router.state.fetchers.get("star")).toMatchObject({ state: "idle", data: { favourite: true } });

    discovery.resolve();
    await navigation;
    expect(router.state.location.pathname).toBe("/buy");
    expect(router.state.matches.map((match) => match.route.id)).toEqual(["root", "buy"]);
    expect(router.state.loaderData.buy).toBe("buy");
    expect(router.state.navigation.state).toBe("idle");
  });
});
