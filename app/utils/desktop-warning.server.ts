import { secureCookies } from "~/session/cookies.server";

/**
 * The desktop warning's dismissal, remembered on the device (docs/product.md#navigation) in a plain cookie so it
 * also holds without JavaScript: `/desktop-warning` sets it, the root loader reads it.
 */
export const DESKTOP_WARNING_COOKIE = "desktop-warning";

export function desktopWarningDismissed(request: Request): boolean {
  const header = request.headers.get("Cookie") ?? "";
  return header.split(";").some((part) => part.trim() === `${DESKTOP_WARNING_COOKIE}=dismissed`);
}

/** One year, like the language choice. Not signed: it only hides a notice. */
export function dismissDesktopWarningCookie(): string {
  const secure = secureCookies() ? "; Secure" : "";
  return `${DESKTOP_WARNING_COOKIE}=dismissed; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax; HttpOnly${secure}`;
}
