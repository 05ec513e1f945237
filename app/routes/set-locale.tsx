import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { localeCookieHeader, visibleLocales } from "~/i18next.server";
import { isSupportedLocale } from "~/i18n";
import { requireSameOrigin } from "~/security.server";
import { commitSession, getSession, safeRedirect } from "~/session.server";

export function loader() {
  return redirect("/settings");
}

/** The language picker's target: stores the choice in the `lng` cookie and reloads the page it came from. */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const form = await request.formData();
  const lng = String(form.get("lng") ?? "");
  const back = safeRedirect(form.get("redirectTo"), "/");
  if (!isSupportedLocale(lng) || !visibleLocales().includes(lng)) return redirect(back);
  const session = await getSession(request);
  session.flash("toast", { key: "toast.languageChanged" });
  const headers = new Headers();
  headers.append("Set-Cookie", localeCookieHeader(lng));
  headers.append("Set-Cookie", await commitSession(session));
  return redirect(back, { headers });
}
