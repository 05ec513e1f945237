/**
 * A flash message shown once on the next page: a translation key (`common`, or `namespace:key`) plus its values.
 * It travels as the key (the toast cookie); the server translates it when the next page reads it (`ShownToast`).
 */
export interface Toast {
  key: string;
  values?: Record<string, string | number>;
  type?: "success" | "error" | "info";
}

/**
 * A toast as the page shows it: its words in the page's language, translated by the server when it read the toast, so
 * a screen whose route loads none of the key's namespace shows them all the same (docs/decisions/0350).
 */
export interface ShownToast {
  text: string;
  type?: Toast["type"];
}
