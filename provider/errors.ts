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

/** Missing, malformed, expired or revoked token: HTTP 400 `{ msg: "logout" }`. */
export class LogoutError extends Error {
  constructor() {
    super("logout");
    this.name = "LogoutError";
  }
}

export const invalidInput = (field?: string, message?: string) => new ProviderError("invalid_input", message, field);
