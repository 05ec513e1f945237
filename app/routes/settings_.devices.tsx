/**
 * /settings/devices (auth; docs/product.md#two-factor-and-devices): the customer's signed-in sessions, this device
 * first: browser and system, the network it signed in from (never the address), first and last seen. Each other one
 * can be ended ("Sign out"), or all of them at once ("Sign out everywhere else"); an ended session is refused at once
 * on every instance. Ending this device's own session signs out here. Only where the provider has the feature.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { FormErrorSummary } from "~/components/ui/FormErrors";
import { IntentForm } from "~/components/ui/IntentForm";
import { deviceView, type DeviceView } from "~/features/security/devices.server";
import { securityLinks } from "~/features/security/route-exports";
import { twoFactorStatus } from "~/features/security/state.server";
import { parseWithZod, refuseRequest } from "~/forms/action.server";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { formatDateTime } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { classifyFailure, logFailure } from "~/provider/failures.server";
import { endDevice, endOtherDevices, listDevices } from "~/provider/security.server";
import { destroySession, getSession } from "~/session/session.server";
import { redirectWithToast } from "~/session/toast.server";
import { devicesHref, loginHref, settingsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext } from "~/utils/request.server";

export const handle: PageHandle = { i18n: ["security"], titleKey: "security:devices.title" };
export const headers = noStoreHeaders;
export const links = securityLinks;

/** The list, which a refused post's message in the error summary leads to. */
const LIST_ID = "devices-list";

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "security");
  const { available } = await twoFactorStatus(context.provider);
  if (!available) throw json({ code: "not_found" }, { status: 404, headers: NO_STORE });
  const { rows } = await listDevices(context.provider);
  return json({ devices: rows.map(deviceView) }, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request, "security");
  const { createDevicesSchema } = await import("./settings_.devices.schema");
  const submission = parseWithZod(await request.formData(), { schema: createDevicesSchema() });
  // The forms are buttons with fixed values: anything else is no request of this screen's (docs/decisions/0339).
  if (submission.status !== "success") return refuseRequest(context.t("security:devices.badRequest"));
  const value = submission.value;
  try {
    if (value.intent === "end-others") {
      const { ended } = await endOtherDevices(context.provider);
      return redirectWithToast(devicesHref(), { key: "security:toast.endedOthers", values: { count: ended } });
    }
    const { current } = await endDevice(context.provider, { id: value.id });
    if (current) {
      // This device's own session: signed out here too.
      const headers = { "Set-Cookie": await destroySession(await getSession(request)) };
      return redirectWithToast(loginHref(), { key: "security:toast.endedThis", type: "info" }, { headers });
    }
    return redirectWithToast(devicesHref(), { key: "security:toast.endedOne" });
  } catch (error) {
    const failure = classifyFailure(error);
    logFailure("devices", failure);
    // Not one of the customer's live sessions (signed out meanwhile, or an id that is not theirs): said on the
    // screen, over the list as it is now.
    if (failure.kind === "business") return refuseRequest(context.t("security:devices.gone"));
    return redirectWithToast(devicesHref(), { key: "security:toast.failed", type: "error" });
  }
}

export default function DevicesPage() {
  const { devices } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("security");
  const others = devices.filter((device) => !device.current).length;
  // A refused post's message is about the whole list (the forms are buttons): read from the reply itself, as
  // app/routes/records.tsx does (Conform's useForm would add its JS for no field).
  const result = reply?.result;
  return (
    <div className="st-page">
      <h1 tabIndex={-1}>{t("devices.heading")}</h1>
      <FormErrorSummary fields={[]} formErrors={result?.error?.[""]} formId={LIST_ID} lastResult={result} />
      <p>{t("devices.intro")}</p>
      <ul id={LIST_ID} className="devices list" aria-label={t("devices.listLabel")}>
        {devices.map((device) => (
          <DeviceItem key={device.id} device={device} />
        ))}
      </ul>
      {/* A div, not a p: a form inside a p is invalid HTML, and the browser's parser moves it out, so React could
          not hydrate the page (issue 38 item 6). */}
      <div className="actions">
        {others > 0 ? (
          <IntentForm action={devicesHref()} intent="end-others" className="button button--danger">
            {t("devices.endOthers")}
          </IntentForm>
        ) : null}
        <Link to={settingsHref()} className="button button--secondary">
          {t("devices.back")}
        </Link>
      </div>
    </div>
  );
}

function DeviceItem({ device }: { device: DeviceView }) {
  const { t } = useTranslation("security");
  const fmt = useFormat();
  // Two sessions of one browser have the same browser and system: the sign-in time tells them apart, on screen and in
  // the button's name (issue 38 item 16).
  const name = t("devices.entry", {
    name: t("devices.name", {
      browser: device.browser ?? t("devices.unknownBrowser"),
      os: device.os ?? t("devices.unknownOs"),
    }),
    time: formatDateTime(device.firstSeen, fmt),
  });
  const titleId = `device-${device.id}`;
  return (
    <li className="list-item device">
      <div>
        <p id={titleId}>
          <strong>{name}</strong>
          {device.current ? <span className="badge"> {t("devices.thisDevice")}</span> : null}
        </p>
        <dl>
          {device.kind ? (
            <div>
              <dt>{t("devices.kind")}</dt>
              <dd>{t(`devices.kinds.${device.kind}`)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t("devices.network")}</dt>
            <dd>{device.localNetwork ? t("devices.localNetwork") : (device.network ?? t("devices.unknownNetwork"))}</dd>
          </div>
          <div>
            <dt>{t("devices.lastSeen")}</dt>
            <dd>{formatDateTime(device.lastSeen, fmt)}</dd>
          </div>
        </dl>
      </div>
      <IntentForm
        action={devicesHref()}
        intent="end"
        values={{ id: device.id }}
        className="button button--secondary button--small"
        aria-label={t(device.current ? "devices.endThisOf" : "devices.endOf", { name })}
      >
        {t(device.current ? "devices.endThis" : "devices.end")}
      </IntentForm>
    </li>
  );
}
