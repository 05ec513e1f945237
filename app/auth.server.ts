import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";

import { login } from "~/provider/account.server";
import { providerContext } from "~/provider/core.server";
import type { SessionUser } from "~/session.server";

export interface AuthResult {
  token: string;
  user: SessionUser;
}

/**
 * remix-auth with a FormStrategy: the verify callback exchanges phone + password for a provider token.
 * A `ProviderError` (`login_failed`, `invalid_input`) propagates to the login action, which maps it onto
 * the form. The action validates with zod first on `request.clone()` (STACK pitfall 8).
 */
export const authenticator = new Authenticator<AuthResult>();

authenticator.use(
  new FormStrategy<AuthResult>(async ({ form, request }) => {
    const user = String(form.get("phone") ?? "");
    const password = String(form.get("password") ?? "");
    const reply = await login(await providerContext(request), { user, password });
    return {
      token: reply.token,
      user: { user: reply.user, no: String(reply.no), img: reply.img ?? null },
    };
  }),
  "phone-password",
);
