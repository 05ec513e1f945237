/**
 * What every loader, action and resource route starts from (docs/decisions/0081-request-context.md): the
 * request's locale and a translator fixed to it, the formatting context, the deployment, the provider context
 * (token from the session) and the signed-in customer. The session cookie is read once per call.
 *
 * Here the provider client's typed "session ended" failure becomes the logout redirect: every provider context made
 * here carries `onSessionEnded` (docs/decisions/0400-session-ended-is-a-typed-failure.md).
 *
 *   const { t, provider, fmt } = await requireUserContext(request, "trade");   // (auth) screens
 *   const { t, provider, user } = await getRequestContext(request, "markets");  // open screens
 */
import { deploymentFor, type Deployment } from "~/deployment";
import type { Locale, Namespace, TFunction } from "~/i18n/config";
import type { FormatContext } from "~/i18n/format";
import { getFixedT, getLocale } from "~/i18n/i18next.server";
import type { ProviderContext } from "~/provider/core.server";
import {
  getSession,
  getSignedIn,
  requireUser,
  sessionEndedRedirect,
  type SessionUser,
  type SignedIn,
  type TokenCheck,
} from "~/session/session.server";

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

/**
 * `tokenCheck: "own-call"` for a loader whose every answer comes from a provider call made with the token, or from
 * public data (the live panels' polls): no separate session check (`TokenCheck`, decision 0318).
 */
export async function getRequestContext(
  request: Request,
  ns: Namespace = "common",
  options: { tokenCheck?: TokenCheck } = {},
): Promise<RequestContext> {
  const [signedIn, locale] = await Promise.all([getSignedIn(request, options), getLocale(request)]);
  return contextFor(request, ns, locale, signedIn);
}

/**
 * For (auth) screens: the context of a signed-in customer, or a redirect to /login?redirectTo=<this page>
 * (the one guard, `requireUser` in app/session/session.server.ts).
 */
export async function requireUserContext(request: Request, ns: Namespace = "common"): Promise<UserRequestContext> {
  const [signedIn, locale] = await Promise.all([requireUser(request), getLocale(request)]);
  return contextFor(request, ns, locale, signedIn) as Promise<UserRequestContext>;
}

async function contextFor(
  request: Request,
  ns: Namespace,
  locale: Locale,
  signedIn: SignedIn | null,
): Promise<RequestContext> {
  const t = await getFixedT(locale, ns);
  return {
    request,
    locale,
    t,
    fmt: { locale, deployment },
    deployment,
    provider: providerContextFor(request, signedIn?.token ?? null),
    user: signedIn?.user ?? null,
  };
}

/** The provider context for `token`: a `logout` reply to any call made with it throws the logout redirect. */
export function providerContextFor(request: Request, token: string | null): ProviderContext {
  return { token, request, onSessionEnded: (ended) => sessionEndedRedirect(request, ended.reason) };
}

/** The provider context of the request's session cookie as it is (no session check): health checks, tests. */
export async function providerContext(request: Request): Promise<ProviderContext> {
  return providerContextFor(request, (await getSession(request)).get("token") ?? null);
}
