/**
 * Why a signed-in session ended, and what the login screen says about it (docs/product.md#accounts,
 * docs/decisions/0338). The provider's `logout` reply carries a reason when it knows one (docs/provider-api.md,
 * "Envelope"): its own logout (a copy of this cookie, or another tab), ended from the Devices screen of another
 * session, a password change or reset, or its lifetime ran out.
 */
export const LOGOUT_REASONS = ["logout", "device", "password", "expired"] as const;
export type LogoutReason = (typeof LOGOUT_REASONS)[number];

const KNOWN = new Set<string>(LOGOUT_REASONS);

/** The reason in a `logout` reply's `data`, or null (none, or one this app does not know). */
export function logoutReasonOf(data: unknown): LogoutReason | null {
  const reason = typeof data === "object" && data !== null ? (data as { reason?: unknown }).reason : undefined;
  return typeof reason === "string" && KNOWN.has(reason) ? (reason as LogoutReason) : null;
}

/** The login screen's toast for a session that ended for `reason`; `unknown` when the provider did not say. */
export function signedOutToastKey(
  reason: LogoutReason | null,
  unknown: "toast.sessionEnded" | "toast.signedOutElsewhere",
): "toast.sessionEnded" | "toast.signedOutElsewhere" | "toast.signedOutFromDevice" {
  switch (reason) {
    case "device":
      return "toast.signedOutFromDevice";
    case "logout":
    case "password":
      return "toast.signedOutElsewhere";
    case "expired":
      return "toast.sessionEnded";
    default:
      return unknown;
  }
}
