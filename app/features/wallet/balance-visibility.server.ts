import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";

import { secureCookies } from "~/session/cookies.server";

/**
 * Whether the account card hides its amounts (docs/product.md#wallet): remembered on the device in a plain cookie,
 * so the choice also holds without JavaScript (decision 0122). Not signed: it only hides figures on this device.
 */
export const BALANCE_HIDDEN_COOKIE = "wallet-hidden";

export function balanceHidden(request: Request): boolean {
  const header = request.headers.get("Cookie") ?? "";
  return header.split(";").some((part) => part.trim() === `${BALANCE_HIDDEN_COOKIE}=1`);
}

/** One year, like the language choice. */
export function balanceHiddenCookie(hidden: boolean): string {
  const secure = secureCookies() ? "; Secure" : "";
  return `${BALANCE_HIDDEN_COOKIE}=${hidden ? "1" : "0"}; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax; HttpOnly${secure}`;
}

/** The eye toggle's form: hide (1) or show (0) the amounts. */
const balanceVisibilitySchema = z.object({ intent: z.literal("visibility"), hidden: z.enum(["0", "1"]) });

export const parseBalanceVisibility = (formData: FormData) =>
  parseWithZod(formData, { schema: balanceVisibilitySchema });
