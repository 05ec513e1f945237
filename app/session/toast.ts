/** A flash message shown once on the next page: a `common` translation key plus its values. */
export interface Toast {
  key: string;
  values?: Record<string, string | number>;
  type?: "success" | "error" | "info";
}
