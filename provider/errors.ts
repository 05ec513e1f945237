/** A business failure that becomes `{ msg: "no", data: { code, message?, field? } }` (HTTP 200). */
export class ProviderError extends Error {
  constructor(
    readonly code: string,
    message?: string,
    readonly field?: string,
    readonly status: 200 | 403 | 404 | 413 | 429 = 200,
  ) {
    super(message ?? code);
    this.name = "ProviderError";
  }
  get publicMessage(): string | undefined {
    return this.message === this.code ? undefined : this.message;
  }
}

/**
 * Why a token no longer signs in, when the provider knows (docs/decisions/0338): its own logout, ended from the
 * Devices screen of another session, a password change or reset, or its lifetime ran out.
 */
export type LogoutReason = "logout" | "device" | "password" | "expired";

/**
 * Missing, malformed, expired or revoked token: HTTP 400 `{ msg: "logout" }`, with `data: { reason }` when the token
 * was a real session's and the provider knows why it ended.
 */
export class LogoutError extends Error {
  constructor(readonly reason?: LogoutReason) {
    super("logout");
    this.name = "LogoutError";
  }
}

export const invalidInput = (field?: string, message?: string) => new ProviderError("invalid_input", message, field);
