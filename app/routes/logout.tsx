import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { parseWithZod } from "~/forms/action.server";
import { requireSameOrigin } from "~/http/security.server";
import { logout } from "~/provider/account.server";
import { isSessionEnded } from "~/provider/core.server";
import { classifyFailure, logFailure } from "~/provider/failures.server";
import { destroySession, getSession } from "~/session/session.server";
import { redirectWithToast } from "~/session/toast.server";

const CONFIRM_STEP = "/settings?confirm=logout";

/** GET /logout never logs out (no confirmation would have happened): it goes to the confirm step. */
export function loader() {
  return redirect(CONFIRM_STEP);
}

/** The confirm step's POST (docs/product.md#accounts): revoke the token, end the session on this device. */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { createLogoutSchema } = await import("./logout.schema");
  const submission = parseWithZod(await request.formData(), { schema: createLogoutSchema() });
  // Anything but the confirm button's POST goes (back) to the confirm step: logging out is never implicit.
  if (submission.status !== "success") return redirect(CONFIRM_STEP);
  const session = await getSession(request);
  const token = session.get("token");
  if (token) {
    try {
      await logout({ token, request });
    } catch (error) {
      // The local session ends regardless: an already-ended token (the `logout` reply, a SessionEndedError),
      // a business error or an unreachable provider must not keep the customer signed in on this device.
      if (!isSessionEnded(error)) logFailure("logout", classifyFailure(error));
    }
  }
  return redirectWithToast(
    "/login",
    { key: "toast.loggedOut" },
    {
      headers: { "Set-Cookie": await destroySession(session) },
    },
  );
}
