/** PostgreSQL unique_violation (both pg and PGlite expose SQLSTATE as `code`). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}
