/**
 * A hidden input of a kit form: its name and value only. Never Conform's `getInputProps(field, { type: "hidden" })`,
 * which would copy the schema's `required`, `pattern`… onto it: the HTML checker refuses constraint attributes on a
 * hidden input (docs/ARCHITECTURE.md#forms).
 */
export function hiddenProps(field: { name: string; initialValue?: unknown }, value?: string) {
  const initial = typeof field.initialValue === "string" ? field.initialValue : undefined;
  return value !== undefined
    ? { type: "hidden" as const, name: field.name, value }
    : { type: "hidden" as const, name: field.name, defaultValue: initial };
}
