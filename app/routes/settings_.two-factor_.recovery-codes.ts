/**
 * POST /settings/two-factor/recovery-codes (auth): the recovery codes on the screen, posted back by its "Download as
 * text" form, answered as a text file to save (docs/product.md#two-factor-and-devices). The codes are never kept by
 * the app: the page that shows them once is the only place they come from. A resource route, so a plain form post
 * (JavaScript on or off) gets the file itself.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { parseWithZod } from "~/forms/action.server";
import { NO_STORE } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { twoFactorHref } from "~/utils/hrefs";
import { requireUserContext } from "~/utils/request.server";

/** A GET has nothing to download: the two-factor screen. */
export const loader = () => redirect(twoFactorHref());

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { t, user } = await requireUserContext(request, "security");
  const { createTwoFactorSchemas } = await import("./settings_.two-factor/schema");
  const submission = parseWithZod(await request.formData(), { schema: createTwoFactorSchemas(t).download });
  if (submission.status !== "success") {
    return new Response(t("recovery.downloadFailed"), {
      status: 400,
      headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const lines = [
    t("recovery.fileTitle", { phone: user.user }),
    "",
    ...submission.value.codes,
    "",
    t("recovery.fileNote"),
  ];
  return new Response(`${lines.join("\n")}\n`, {
    headers: {
      ...NO_STORE,
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": 'attachment; filename="recovery-codes.txt"',
    },
  });
}
