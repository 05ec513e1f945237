import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { logout } from "~/provider/account.server";
import { ProviderError, ProviderUnavailableError, providerContext } from "~/provider/core.server";
import { requireSameOrigin } from "~/security.server";
import { commitSession, destroySession, getSession, sessionStorage } from "~/session.server";

/** GET /logout never logs out (no confirmation would have happened): it goes to the confirm step. */
export function loader() {
  return redirect("/settings?confirm=logout");
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const session = await getSession(request);
  const ctx = await providerContext(request);
  if (ctx.token) {
    try {
      await logout(ctx);
    } catch (error) {
      // The local session ends regardless: an already-ended token (logout reply), a business error or
      // an unreachable provider must not keep the customer signed in on this device.
      if (error instanceof Response && !(error instanceof ProviderUnavailableError)) {
        // The `logout` reply: callProvider's redirect already destroys the session; keep our own redirect.
      } else if (!(error instanceof ProviderError) && !(error instanceof ProviderUnavailableError)) {
        throw error;
      } else {
        console.warn("[logout] provider logout failed; ending the local session anyway");
      }
    }
  }
  // A fresh session carries only the toast: the token and user are gone.
  const fresh = await sessionStorage.getSession();
  fresh.flash("toast", { key: "toast.loggedOut" });
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(session));
  headers.append("Set-Cookie", await commitSession(fresh));
  return redirect("/login", { headers });
}
