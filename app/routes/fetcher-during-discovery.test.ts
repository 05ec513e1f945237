/*
 * Lazy route discovery is off (remix.config.js, decision 0230). With it on, two orders of a fetcher's submission and a
 * navigation broke the page in @remix-run/router 1.23.3 (decisions 0174 and 0177, which patched the browser's router):
 * a fetcher's action returning while the navigation was still discovering its route threw "Didn't find any matches
 * after fetcher action" and left the star "saving"; the fetcher's revalidation finishing first completed the
 * navigation with the old page's matches (the root's "Loading..." fallback). With discovery off the browser knows every
 * route from the start: Remix gives the router no `patchRoutesOnNavigation`, a navigation has its matches and its load
 * id before it enters `loading`, and neither window exists. These tests drive the unpatched router's browser build the
 * way Remix sets it up with discovery off, through the same two orders (the new screen's loader held open where the
 * discovery used to be).
 */
import type { ActionFunction, LoaderFunction, Router } from "@remix-run/router";
import { afterEach, describe, expect, it } from "vitest";

import config from "../../remix.config.js";

// The ES module build is the one the browser bundle is made from (its types are the package's).
const { createMemoryHistory, createRouter } =
  (await import("../../node_modules/@remix-run/router/dist/router.js")) as unknown as typeof import("@remix-run/router");

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

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
 * server render). The Buy screen is in the route tree from the start, as with discovery off, and no
 * `patchRoutesOnNavigation` is given (Remix's `getPatchRoutesOnNavigationFunction` returns none).
 */
function stockPageRouter(options: {
  rootLoader: LoaderFunction;
  stockAction: ActionFunction;
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
        children: [
          { id: "stock", path: "stock", loader: () => "stock", action: options.stockAction },
          { id: "buy", path: "buy", loader: options.buyLoader },
        ],
      },
    ],
    hydrationData: { loaderData: { root: "root", stock: "stock" } },
  }).initialize();
}

function star(r: Router) {
  const formData = new FormData();
  formData.set("intent", "favourite");
  return r.fetch("star", "stock", "/stock", { formMethod: "post", formData });
}

describe("a fetcher's submission and a navigation that overlap (lazy route discovery off)", () => {
  it("runs with lazy route discovery off, the setting these orders are safe under", () => {
    expect(config.future?.v3_lazyRouteDiscovery).toBe(false);
  });

  it("a fetcher action that returns while the navigation loads: the fetcher ends with its data, nothing is raised, the navigation lands", async () => {
    const action = deferred<unknown>();
    const buyFirst = deferred<string>();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    let buyLoads = 0;

    router = stockPageRouter({
      rootLoader: () => "root",
      stockAction: () => action.promise,
      buyLoader: () => (++buyLoads === 1 ? buyFirst.promise : `buy ${buyLoads}`),
    });

    await star(router);
    const navigation = router.navigate("/buy");
    await tick();
    expect(router.state.navigation.state).toBe("loading");

    action.resolve({ favourite: true });
    await tick();
    expect(router.state.fetchers.get("star")).toMatchObject({ state: "idle", data: { favourite: true } });

    buyFirst.resolve("buy 1");
    await navigation;
    await tick();
    process.off("unhandledRejection", onUnhandled);
    expect(unhandled).toEqual([]);
    expect(router.state.location.pathname).toBe("/buy");
    expect(router.state.matches.map((match) => match.route.id)).toEqual(["root", "buy"]);
    expect(router.state.loaderData.buy).toMatch(/^buy \d$/);
    expect(router.state.navigation.state).toBe("idle");
  });

  it("the old page's revalidation finishing while the navigation loads does not complete the navigation with the old page's matches", async () => {
    const rootReload = deferred<string>();
    const buy = deferred<string>();
    let rootLoads = 0;

    router = stockPageRouter({
      // The first load is the revalidation after the star (the page was hydrated): held open.
      rootLoader: () => (++rootLoads === 1 ? rootReload.promise : `root ${rootLoads}`),
      stockAction: () => ({ favourite: true }),
      buyLoader: () => buy.promise,
    });

    await star(router);
    await tick();
    // The star's action is done; its revalidation of /stock waits on the root loader. Now the customer taps Buy.
    const navigation = router.navigate("/buy");
    await tick();
    rootReload.resolve("root after star");
    await tick();

    // Still on /stock with its own matches, the navigation still loading: not /buy with the stock page's matches.
    expect(router.state.location.pathname).toBe("/stock");
    expect(router.state.matches.map((match) => match.route.id)).toEqual(["root", "stock"]);
    expect(router.state.navigation.state).toBe("loading");
    expect(router.state.fetchers.get("star")).toMatchObject({ state: "idle", data: { favourite: true } });

    buy.resolve("buy");
    await navigation;
    expect(router.state.location.pathname).toBe("/buy");
    expect(router.state.matches.map((match) => match.route.id)).toEqual(["root", "buy"]);
    expect(router.state.loaderData.buy).toBe("buy");
    expect(router.state.navigation.state).toBe("idle");
  });
});
