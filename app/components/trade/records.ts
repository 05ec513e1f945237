/** Record tabs of /records (SPEC §2): the provider's `type` filter values. Browser-safe. */
export type RecordType = "all" | "pending" | "success" | "cancelled" | "expired";
export const RECORD_TYPES: readonly RecordType[] = ["all", "pending", "success", "cancelled", "expired"];

export function readRecordType(value: unknown): RecordType {
  return typeof value === "string" && (RECORD_TYPES as readonly string[]).includes(value) ? (value as RecordType) : "all";
}

export function recordsHref(query: { type: RecordType; page?: number; cancel?: string }): string {
  const params = new URLSearchParams();
  if (query.type !== "all") params.set("type", query.type);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  if (query.cancel) params.set("cancel", query.cancel);
  const search = params.toString();
  return search ? `/records?${search}` : "/records";
}
