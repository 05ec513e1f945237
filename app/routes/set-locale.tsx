import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { localeCookie, visibleLocales } from "~/i18next.server";
import { requireSameOrigin } from "~/security.server";
import { safeRedirect } from "~/session.server";

export function loader() {
  return redirect("/settings");
}

/** The language picker's target: stores the choice in the `lng` cookie and reloads the page it came from. */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const form = await request.formData();
  const lng = String(form.get("lng") ?? "");
  const back = safeRedirect(form.get("redirectTo"), "/");
  if (!(visibleLocales() as string[]).includes(lng)) return redirect(back);
  return redirect(back, { headers: { "Set-Cookie": await localeCookie.serialize(lng) } });
}
