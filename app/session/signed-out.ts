/**
 * What the login screen says about a session that ended (docs/product.md#accounts, docs/decisions/0338). The reasons
 * are the provider's (`LogoutReason`, app/provider/core.server.ts).
 */
import type { LogoutReason } from "~/provider/core.server";

export type { LogoutReason };

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
