/**
 * THE harness for route tests (docs/ARCHITECTURE.md#tests): loaders and actions called directly with a `Request`.
 * Route tests import from here only.
 *
 * - `useRealProvider(options?)`: the default. A real test provider for the file (or the `describe`) it is called in:
 *   a clone of the migrated database with its own clock; make a fresh customer per test with
 *   `newTrader` / `newBuyer` (provider/tests/helpers.ts) and sign them in with `sessionCookie`.
 * - `useScriptedProvider()`: only for what the real provider cannot be made to do (a timeout, a 502, an unknown
 *   code, the session ending mid-request): the scripted double (app/testing/provider-double.ts,
 *   docs/decisions/0093-one-provider-test-double.md) and a signed-in cookie. Called inside a `describe`, it takes
 *   the provider calls over for that block only.
 * - `load`, `post`, `refusedForm`, `fieldErrors`, `toastText`, `expectSentToLogin`: calling a route the way Remix does
 *   and reading what the customer would see.
 */
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, expect, vi } from "vitest";

import type { LocaleResources } from "~/i18n/config";
import { createPageI18n } from "~/i18n/instance";
import { commitSession, startSession } from "~/session/session.server";
import { getToast } from "~/session/toast.server";
import { cookieHeaderFrom, formRequest, getRequest, settle, type ReplyJson } from "~/testing/http";
import { scriptedProvider, sendProviderCallsTo } from "~/testing/provider-double";

import type { TestProvider, TestProviderOptions } from "../../provider/testing";
import { useTestProvider } from "../../provider/tests/helpers";

export { ORIGIN, cookieHeaderFrom, formRequest, getRequest, routeArgs, settle, type ReplyJson } from "~/testing/http";
export {
  no,
  ok,
  providerLogout,
  scriptedProvider,
  sendProviderCallsTo,
  ScriptedReply,
  type ProviderCall,
  type Reply,
  type ScriptedProvider,
} from "~/testing/provider-double";

/** A loader or an action, as a test calls it. */
export type Route = (args: {
  request: Request;
  params: Record<string, string>;
  context: AppLoadContext;
}) => Promise<Response> | Response;

/** Screens warn on purpose when the provider fails: quiet in every test. */
function quietWarnings() {
  beforeEach(() => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });
}

/**
 * Every provider call of the app goes to a real test provider of this file or `describe` (created in beforeAll,
 * closed in afterAll). The object returned stands for that provider from the first test on.
 */
export function useRealProvider(options?: TestProviderOptions): TestProvider {
  const provider = useTestProvider(options);
  let uninstall: (() => void) | undefined;
  beforeAll(() => {
    uninstall = sendProviderCallsTo((request) => provider.fetch(request));
  });
  afterAll(() => uninstall?.());
  quietWarnings();
  return provider;
}

/**
 * Every provider call of the app, in this file or `describe`, goes to the scripted double (reset before each test);
 * `session.cookie` is a signed-in customer's (the token is never checked: the double answers what a test scripts).
 */
export function useScriptedProvider() {
  const provider = scriptedProvider();
  const session = { cookie: "" };
  beforeAll(async () => {
    provider.install();
    session.cookie = await sessionCookie({ token: "t".repeat(43), phone: "9876543210", id: 1 });
  });
  afterAll(() => provider.uninstall());
  beforeEach(() => provider.reset());
  quietWarnings();
  return { provider, session };
}

/** The session cookie (`name=value`) of a customer signed in with a provider token. */
export async function sessionCookie(customer: { token: string; phone: string; id: number }): Promise<string> {
  const session = startSession({ token: customer.token, user: { user: customer.phone, no: String(customer.id) } });
  return (await commitSession(session)).split(";")[0];
}

/** A visitor (no session) on `path` is sent to log in, and back to `path` after it. */
export async function expectSentToLogin(loader: Route, path: string) {
  const response = await settle(() => loader({ request: getRequest(path), params: {}, context: {} }));
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
}

/** A loader's JSON at `path` for the customer of `cookie`; anything but 200 fails the test. */
export async function load<T>(
  loader: Route,
  path: string,
  cookie: string,
  params: Record<string, string> = {},
): Promise<T> {
  const response = await settle(() => loader({ request: getRequest(path, cookie), params, context: {} }));
  expect(response.status, `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** An action's response to the form `fields` posted at `path` (a thrown redirect is returned too). */
export const post = (
  action: Route,
  path: string,
  fields: Record<string, string>,
  cookie: string,
  params: Record<string, string> = {},
) => settle(() => action({ request: formRequest(path, fields, { cookie }), params, context: {} }));

/** The reply of a refused form: status 400 (else the test fails) and Conform's result. */
export async function refusedForm(response: Response): Promise<ReplyJson["result"]> {
  expect(response.status).toBe(400);
  return ((await response.json()) as ReplyJson).result;
}

/** The field errors of a refused form (status 400, else the test fails), as the customer reads them. */
export const fieldErrors = async (response: Response) => (await refusedForm(response)).error ?? {};

/** The toast a response sets, in English as the customer reads it; `resources`: the namespaces its key may use. */
export async function toastText(response: Response, resources: LocaleResources): Promise<string | null> {
  const toast = (await getToast(getRequest("/", cookieHeaderFrom(response)))).toast;
  return toast ? createPageI18n({ locale: "en", resources }).t(toast.key, toast.values) : null;
}
