/**
 * What every loader, action and resource route starts from (docs/decisions/0081-request-context.md): the
 * request's locale and a translator fixed to it, the formatting context, the deployment, the provider context
 * (token from the session) and the signed-in customer. The session cookie is read once per call.
 *
 *   const { t, provider, fmt } = await requireUserContext(request, "trade");   // (auth) screens
 *   const { t, provider, user } = await getRequestContext(request, "markets");  // open screens
 */
import { redirect } from "@remix-run/node";

import { deploymentFor, type Deployment } from "~/deployment";
import type { FormatContext } from "~/format";
import type { Locale, Namespace } from "~/i18n";
import type { TFunction } from "~/i18n-react";
import { getFixedT, getLocale } from "~/i18next.server";
import type { ProviderContext } from "~/provider/core.server";
import { getSession, loginUrl, type SessionUser } from "~/session.server";

export interface RequestContext {
  request: Request;
  locale: Locale;
  /** Translator fixed to the request's locale; `ns` is the default namespace ("common:key" reaches others). */
  t: TFunction;
  fmt: FormatContext;
  deployment: Deployment;
  provider: ProviderContext;
  user: SessionUser | null;
}

export type UserRequestContext = RequestContext & { user: SessionUser };

/** The deployment this server runs as (INR or MXN), read once. */
export const deployment: Deployment = deploymentFor(process.env.DEPLOYMENT);

export async function getRequestContext(request: Request, ns: Namespace = "common"): Promise<RequestContext> {
  const [session, locale] = await Promise.all([getSession(request), getLocale(request)]);
  const token = session.get("token") ?? null;
  const user = token ? session.get("user") ?? null : null;
  const t = await getFixedT(locale, ns);
  return {
    request,
    locale,
    t,
    fmt: { locale, deployment },
    deployment,
    provider: { token, request },
    user,
  };
}

/** For (auth) screens: the context of a signed-in customer, or a redirect to /login?redirectTo=<this page>. */
export async function requireUserContext(request: Request, ns: Namespace = "common"): Promise<UserRequestContext> {
  const context = await getRequestContext(request, ns);
  if (!context.user || !context.provider.token) throw redirect(loginUrl(request));
  return context as UserRequestContext;
}
