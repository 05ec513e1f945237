import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";

import { parseWithZod } from "~/forms/action.server";
import { requireSameOrigin } from "~/http/security.server";
import { safeRedirect } from "~/session/session.server";
import { dismissDesktopWarningCookie } from "~/utils/desktop-warning.server";

export function loader() {
  return redirect("/");
}

/**
 * Dismisses the desktop warning for a year (docs/product.md#navigation). A plain form post gets a redirect back
 * to the page it came from, where the root no longer renders the warning; the JS fetcher gets `{ ok: true }`
 * and stays on the page (the banner is already hidden).
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { createDismissSchema } = await import("./desktop-warning.schema");
  const submission = parseWithZod(await request.formData(), { schema: createDismissSchema() });
  const headers = { "Set-Cookie": dismissDesktopWarningCookie() };
  const back = submission.status === "success" ? submission.value.redirectTo : undefined;
  if (back) return redirect(safeRedirect(back, "/"), { headers });
  return json({ ok: true }, { headers });
}
