import type { Namespace, NamespaceSection, TKey } from "~/i18n/config";

/**
 * Route `handle` shape read by the root. `i18n` lists the translation namespaces the route's component tree
 * uses besides `common` (its own screen and every shared component it renders); the root loader sends exactly
 * these for the routes that match a URL, on a full load and on a client navigation alike
 * (docs/decisions/0111-route-namespaces.md). An entry may be one section of a namespace ("wallet:withdraw"):
 * a page that names only sections of a namespace gets those, its title's and the toasts (decision 0179), and
 * app/i18n/routes.test.ts fails when the screen names a section the handle leaves out. The document `<title>` comes from the deepest route's `titleKey`
 * (a `common` key or "ns:key"); after a failed form submit it is prefixed "Error: ". Routes should not return a
 * `title` from `meta` (that would give the document two titles).
 *
 *   export const handle: PageHandle = { i18n: ["trade", "quotes"], titleKey: "trade:positions.title" };
 */
export interface PageHandle {
  i18n?: (Namespace | NamespaceSection)[];
  titleKey?: TKey<"common">;
  /** Hide the bottom bar on this page (e.g. /trade-no-nav). */
  hideBottomNav?: boolean;
  /** Hide the header on this page (e.g. login and register). */
  hideHeader?: boolean;
}
