import type { Namespace } from "~/i18n";

/**
 * Route `handle` shape read by the root document. The document `<title>` comes from the deepest route's
 * `titleKey` (translated in `ns`, default "common"); after a failed form submit it is prefixed "Error: ".
 * Routes should not return a `title` from `meta` (that would give the document two titles).
 */
export interface PageHandle {
  titleKey?: string;
  ns?: Namespace;
  /** Hide the bottom bar on this page (e.g. /trade-no-nav). */
  hideBottomNav?: boolean;
  /** Hide the header on this page (e.g. login and register). */
  hideHeader?: boolean;
}
