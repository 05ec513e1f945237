/**
 * /settings/real-name (auth; docs/product.md#real-name): the verification status first (autonomy/state), then the
 * form: real name, ID type (ID card, driver's licence, passport, other), ID number, front and back photos. Under
 * review (1) or approved (2) locks it: a stamp and read-only fields, the submitted photos shown through the app
 * (never the provider's address). The upload path (decision 0124): the browser posts the form as multipart; with JS
 * it first scales each photo to 1200×1200 at quality 0.8 and recompresses it toward 1 MB; without JS the raw files
 * post (the server takes up to 8 MB on this route). The action uploads each photo to the provider, then submits
 * autonomy/add with the returned references. The loader and the action live in route.server.ts (re-exported here),
 * the schema they share with the form in schema.ts.
 */
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { RetryNotice } from "~/components/ui/RetryNotice";
import { settingsLinks } from "~/features/account/route-exports";
import { noStoreHeaders } from "~/http/no-store";
import { realNameHref, settingsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";

import { LockedRecord } from "./LockedRecord";
import { RealNameForm } from "./RealNameForm";
import type { action, loader } from "./route.server";

export { action, loader } from "./route.server";
export type { RealNameData } from "./route.server";

export const handle: PageHandle = {
  i18n: ["wallet:realName", "wallet:settings", "common:settings"],
  titleKey: "wallet:realName.title",
};
export const links = settingsLinks;
export const headers = noStoreHeaders;

export default function RealNamePage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("wallet");
  const kyc = data.kyc;
  return (
    <div className="st-page">
      <h1 tabIndex={-1}>{t("realName.heading")}</h1>
      {kyc ? (
        <>
          <p className="st-kyc-status">
            {t("realName.statusLabel")}:{" "}
            <strong>{t(kyc.status === null ? "realName.statusName.none" : `realName.statusName.${kyc.status}`)}</strong>
          </p>
          {kyc.status === 3 && kyc.reason ? (
            <p className="notice">{t("realName.rejected", { reason: kyc.reason })}</p>
          ) : null}
          {kyc.locked ? <LockedRecord kyc={kyc} /> : <RealNameForm data={data} kyc={kyc} lastResult={reply?.result} />}
        </>
      ) : (
        <RetryNotice message={t("realName.stateFailed")} href={realNameHref()} retryLabel={t("realName.retry")} />
      )}
      <p className="links">
        <Link to={settingsHref()}>{t("settings.back")}</Link>
      </p>
    </div>
  );
}
