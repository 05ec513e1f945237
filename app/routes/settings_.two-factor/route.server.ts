/**
 * /settings/two-factor's loader and action (docs/product.md#two-factor-and-devices, docs/decisions/0201-route-shape.md).
 * The recovery codes are answered once, in the reply to the POST that made them (never in a URL, never kept here);
 * "Download" posts them back and gets them as a text file.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";

import { CODE_FIELD_CODES, codeMessage } from "~/features/security/failures.server";
import { parseWithZod, failureReply, formAction, refuse, refuseRequest, type ActionReply } from "~/forms/action.server";
import { formConstraint } from "~/forms/constraint.server";
import type { FormConstraint } from "~/forms/useZodForm";
import { NO_STORE } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { ProviderError } from "~/provider/core.server";
import { attempt, classifyFailure, logFailure } from "~/provider/failures.server";
import {
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorSetup,
  getTwoFactorState,
  newRecoveryCodes,
  startTwoFactorSetup,
  type TwoFactorState,
} from "~/provider/security.server";
import { redirectWithToast } from "~/session/toast.server";
import { twoFactorHref } from "~/utils/hrefs";
import { requireUserContext, type UserRequestContext } from "~/utils/request.server";

export interface TwoFactorSetupView {
  /** The otpauth URI as an SVG QR code (drawn here: no script, no style attribute, allowed by the CSP). */
  qrSvg: string;
  /** The same URI as a link, for the phone that holds the authenticator app (it cannot scan its own screen). */
  otpauthUri: string;
  secretGroups: string;
  issuer: string;
  account: string;
  expiresAt: string;
}

export interface TwoFactorData {
  /** "unavailable": two-factor is on and this deployment's instance cannot check codes (docs/decisions/0334). */
  state: TwoFactorState | "unavailable";
  /** What the screen says when `state` is "unavailable", in the customer's language. */
  unavailableText: string | null;
  /** The set-up step (`?step=setup`): the secret to scan or type, or null when it expired. */
  setup: TwoFactorSetupView | null;
  settingUp: boolean;
  /** The forms' native constraints (docs/decisions/0280-validation-loads-after-hydration.md). */
  constraint: Record<"enable" | "recovery" | "disable", FormConstraint>;
}

/** A reply with new recovery codes (shown this once), or a form's refusal. */
export type TwoFactorReply = ActionReply | { codes: string[] };

/** The screen exists only where the provider has two-factor (docs/decisions/0275): else 404. */
async function stateOrNotFound(context: UserRequestContext): Promise<TwoFactorState | "unavailable"> {
  let state: TwoFactorState | null;
  try {
    state = await getTwoFactorState(context.provider);
  } catch (error) {
    // On, and codes cannot be checked here: the screen says so instead of failing (docs/decisions/0334).
    if (error instanceof ProviderError && error.code === "two_factor_unavailable") return "unavailable";
    throw error;
  }
  if (!state) throw json({ code: "not_found" }, { status: 404, headers: NO_STORE });
  return state;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "security");
  const state = await stateOrNotFound(context);
  const settingUp =
    state !== "unavailable" && new URL(request.url).searchParams.get("step") === "setup" && !state.enabled;
  let setup: TwoFactorSetupView | null = null;
  if (settingUp) {
    const reply = await attempt(getTwoFactorSetup(context.provider));
    if (reply.ok) {
      const { otpauth_uri, secret_groups, issuer, account, expires_at } = reply.data;
      // qrcode loads with the first set-up, not with the server (docs/decisions/0570).
      const { default: QRCode } = await import("qrcode");
      const qrSvg = await QRCode.toString(otpauth_uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
      setup = { qrSvg, otpauthUri: otpauth_uri, secretGroups: secret_groups, issuer, account, expiresAt: expires_at };
    } else if (reply.failure.kind !== "business") {
      logFailure("two-factor setup", reply.failure);
      throw json({ code: "provider_unavailable" }, { status: 503, headers: NO_STORE });
    }
  }
  const { createTwoFactorSchemas } = await import("./schema");
  const schemas = createTwoFactorSchemas(context.t);
  const constraint = {
    enable: formConstraint(schemas.enable),
    recovery: formConstraint(schemas.recovery),
    disable: formConstraint(schemas.disable),
  };
  const unavailableText = state === "unavailable" ? context.t("common:providerErrors.two_factor_unavailable") : null;
  return json<TwoFactorData>({ state, unavailableText, setup, settingUp, constraint }, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request, "security");
  const { t, provider } = context;
  const { createTwoFactorSchemas } = await import("./schema");
  const schemas = createTwoFactorSchemas(t);
  const formData = await request.formData();
  const refusal = { codeFields: CODE_FIELD_CODES, message: codeMessage(t, "security:errors.failed") };
  switch (formData.get("intent")) {
    case "start": {
      const started = await attempt(startTwoFactorSetup(provider));
      if (!started.ok && !(started.failure.kind === "business" && started.failure.code === "two_factor_enabled")) {
        logFailure("two-factor start", started.failure);
        return redirectWithToast(twoFactorHref(), { key: "security:toast.failed", type: "error" });
      }
      return redirect(started.ok ? twoFactorHref({ step: "setup" }) : twoFactorHref(), { headers: NO_STORE });
    }
    case "enable":
    case "recovery": {
      const intent = formData.get("intent") as "enable" | "recovery";
      const submission = parseWithZod(formData, { schema: schemas[intent] });
      if (submission.status !== "success") return refuse(submission, { form: intent });
      try {
        const reply =
          intent === "enable"
            ? await enableTwoFactor(provider, { code: submission.value.code })
            : await newRecoveryCodes(provider, { code: submission.value.code });
        return json<TwoFactorReply>({ codes: reply.recovery_codes }, { headers: NO_STORE });
      } catch (error) {
        const failure = classifyFailure(error);
        logFailure(`two-factor ${intent}`, failure);
        return json<TwoFactorReply>(
          { result: failureReply(submission, failure, t, refusal), form: intent },
          { status: 400, headers: NO_STORE },
        );
      }
    }
    case "disable":
      return formAction(formData, {
        schema: schemas.disable,
        form: "disable",
        hideFields: ["password"],
        t,
        where: "two-factor disable",
        call: ({ password, code }) => disableTwoFactor(provider, { password, code }),
        codeFields: { ...CODE_FIELD_CODES, password_wrong: "password" },
        inputFields: { password: "password", code: "code" },
        message: codeMessage(t, "security:errors.failed"),
        success: () => ({ to: twoFactorHref(), toast: { key: "security:toast.turnedOff" } }),
      });
    default:
      // No form of this screen posts that (docs/decisions/0339): said above the screen, whichever step it shows.
      return refuseRequest(t("security:errors.badRequest"), { form: "request" });
  }
}
