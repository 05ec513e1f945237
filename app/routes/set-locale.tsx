import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";

import { parseWithZod } from "~/forms/action.server";
import { requireSameOrigin } from "~/http/security.server";
import { getFixedT, localeCookie, visibleLocales } from "~/i18n/i18next.server";
import { safeRedirect } from "~/session/session.server";
import { redirectWithToast } from "~/session/toast.server";

export function loader() {
  return redirect("/settings");
}

/**
 * The language picker's target (docs/product.md#locales): stores the choice in the `lng` cookie and goes back
 * to the page it came from, which then loads in the new language. Only the offered (visible) locales are
 * accepted; the picker never offers another, so a refusal answers a hand-made request.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const form = await request.formData();
  const { createLocaleSchema } = await import("./set-locale.schema");
  const submission = parseWithZod(form, { schema: createLocaleSchema(await getFixedT(request), visibleLocales()) });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const { lng, redirectTo } = submission.value;
  return redirectWithToast(
    safeRedirect(redirectTo, "/"),
    { key: "toast.languageChanged" },
    { headers: { "Set-Cookie": await localeCookie.serialize(lng) } },
  );
}
