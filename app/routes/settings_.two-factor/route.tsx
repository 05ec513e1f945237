/**
 * /settings/two-factor (auth; docs/product.md#two-factor-and-devices): the authenticator app. Off: "Set up" starts a
 * set-up (`?step=setup`): the secret as a QR code and as grouped text, then a current code turns it on and the 10
 * recovery codes are shown once, with "Download". On: since when, how many recovery codes are left, new recovery
 * codes (a current code), and turning it off (the login password and a code). Only where the provider has
 * two-factor (decision 0275): elsewhere the screen is a 404 and Settings does not offer it.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { FormErrorSummary } from "~/components/ui/FormErrors";
import { IntentForm } from "~/components/ui/IntentForm";
import { securityLinks } from "~/features/security/route-exports";
import { useHydrated } from "~/forms/useHydrated";
import { noStoreHeaders } from "~/http/no-store";
import { formatDateTime } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { twoFactorHref, settingsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";

import { CodeForm, DisableForm, RecoveryCodes } from "./Forms";
import type { TwoFactorReply, TwoFactorSetupView, action, loader } from "./route.server";

export { action, loader } from "./route.server";
export type { TwoFactorData } from "./route.server";

export const handle: PageHandle = { i18n: ["security"], titleKey: "security:twoFactor.title" };
export const headers = noStoreHeaders;
export const links = securityLinks;

/** The reply's form result when it answers the form `name`. */
function resultFor(reply: TwoFactorReply | undefined, name: string): SubmissionResult<string[]> | undefined {
  return reply && "result" in reply && reply.form === name ? reply.result : undefined;
}

export default function TwoFactorPage() {
  const { state, unavailableText, setup, settingUp } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as TwoFactorReply | undefined;
  const { t } = useTranslation("security");
  const fmt = useFormat();
  const codes = reply && "codes" in reply ? reply.codes : null;
  // A post no form of the screen makes: its message is about the whole screen.
  const refused = resultFor(reply, "request");
  return (
    <div className="st-page">
      <h1 id="two-factor-title" tabIndex={-1}>
        {t("twoFactor.heading")}
      </h1>
      <FormErrorSummary fields={[]} formErrors={refused?.error?.[""]} formId="two-factor-title" lastResult={refused} />
      {codes ? (
        <RecoveryCodes codes={codes} />
      ) : state === "unavailable" ? (
        <section aria-labelledby="two-factor-unavailable" className="card">
          <h2 id="two-factor-unavailable">{t("twoFactor.onTitle")}</h2>
          <p role="status">{unavailableText}</p>
        </section>
      ) : settingUp ? (
        <SetupStep setup={setup} lastResult={resultFor(reply, "enable")} />
      ) : state.enabled ? (
        <>
          <section aria-labelledby="two-factor-on" className="card">
            <h2 id="two-factor-on">{t("twoFactor.onTitle")}</h2>
            <p>
              {state.enabled_at
                ? t("twoFactor.onSince", { time: formatDateTime(state.enabled_at, fmt) })
                : t("twoFactor.on")}
            </p>
            <p>{t("twoFactor.codesLeft", { count: state.recovery_codes_left })}</p>
          </section>
          <section aria-labelledby="two-factor-new-codes" className="card">
            <h2 id="two-factor-new-codes">{t("recovery.newTitle")}</h2>
            <p>{t("recovery.newIntro")}</p>
            <CodeForm intent="recovery" lastResult={resultFor(reply, "recovery")} submitLabel={t("recovery.new")} />
          </section>
          <section aria-labelledby="two-factor-off" className="card">
            <h2 id="two-factor-off">{t("disable.title")}</h2>
            <p>{t("disable.intro")}</p>
            <DisableForm lastResult={resultFor(reply, "disable")} />
          </section>
        </>
      ) : (
        <section aria-labelledby="two-factor-intro" className="card">
          <h2 id="two-factor-intro">{t("twoFactor.offTitle")}</h2>
          <p>{t("twoFactor.intro")}</p>
          <StartForm />
        </section>
      )}
      <p className="actions">
        <Link to={settingsHref()} className="button button--secondary">
          {t("twoFactor.back")}
        </Link>
      </p>
    </div>
  );
}

/** Scan the QR code (or type the secret), then a current code turns two-factor on. */
function SetupStep({
  setup,
  lastResult,
}: {
  setup: TwoFactorSetupView | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("security");
  if (!setup) {
    return (
      <section aria-labelledby="setup-expired" className="card">
        <h2 id="setup-expired">{t("setup.expiredTitle")}</h2>
        <p>{t("setup.expired")}</p>
        <StartForm />
      </section>
    );
  }
  return (
    <section aria-labelledby="setup-title" className="card">
      <h2 id="setup-title">{t("setup.title")}</h2>
      <ol className="steps">
        <li>{t("setup.install")}</li>
        <li>
          {t("setup.scan")}
          <div
            className="qr-code"
            role="img"
            aria-label={t("setup.qrLabel", { issuer: setup.issuer, account: setup.account })}
            // The SVG is drawn on the server by `qrcode` from the provider's otpauth URI: paths only, no script.
            dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
          />
          {/* A phone cannot scan its own screen: the same URI as a link opens the app that handles it. */}
          <p>
            {t("setup.onThisPhone")}{" "}
            <a href={setup.otpauthUri} className="button button--secondary button--small">
              {t("setup.openApp")}
            </a>
          </p>
        </li>
        <li>
          {t("setup.typeInstead")}
          <p className="secret" id="two-factor-secret">
            {/* Groups of 4, read one by one by a screen reader; spaces are ignored by authenticator apps. */}
            {setup.secretGroups.split(" ").map((group, index) => (
              <span key={index}>
                {index > 0 ? " " : null}
                <code className="secret__group">{group}</code>
              </span>
            ))}
          </p>
          <CopyKey secret={setup.secretGroups.replace(/ /g, "")} />
        </li>
        <li>{t("setup.enterCode")}</li>
      </ol>
      <CodeForm intent="enable" lastResult={lastResult} submitLabel={t("setup.submit")} />
    </section>
  );
}

/**
 * "Copy key": the set-up key to the clipboard, to paste into the authenticator app on this phone. Only once the page
 * runs its JavaScript and the browser offers the Clipboard API (a secure page); without them there is no button, and
 * the key stays text to select and copy.
 */
function CopyKey({ secret }: { secret: string }) {
  const { t } = useTranslation("security");
  const hydrated = useHydrated();
  const [status, setStatus] = useState<"copied" | "failed" | null>(null);
  if (!hydrated || typeof navigator.clipboard?.writeText !== "function") return null;
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => setStatus("copied"),
      () => setStatus("failed"),
    );
  return (
    <div className="copy-key">
      <button type="button" className="button button--secondary button--small" onClick={copy}>
        {t("setup.copyKey")}
      </button>
      <p role="status" className="copy-key__status">
        {status ? t(status === "copied" ? "setup.copied" : "setup.copyFailed") : null}
      </p>
    </div>
  );
}

/** "Set up an authenticator app": starts a set-up (a new one replaces an unfinished one). */
function StartForm() {
  const { t } = useTranslation("security");
  return (
    <IntentForm action={twoFactorHref()} intent="start" formProps={{ className: "actions" }} className="button">
      {t("twoFactor.start")}
    </IntentForm>
  );
}
