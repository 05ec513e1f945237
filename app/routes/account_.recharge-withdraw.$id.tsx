/**
 * /account/recharge-withdraw/{id} (auth; docs/product.md#wallet): one recharge or withdrawal (ids are shared, so
 * the URL needs no type): amount, status, when it was asked for and processed, the operator's reason for a
 * rejection, and a withdrawal's card as it was when asked for. Someone else's or an unknown id is a 404.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { formatDateTime } from "~/features/wallet/dates";
import { walletHeaders, walletLinks } from "~/features/wallet/route-exports";
import { StatusBadge } from "~/features/wallet/StatusBadge";
import { formatMoney } from "~/format";
import { useTranslation } from "~/i18n-react";
import { requireData } from "~/provider/failures.server";
import { getTransfer, transferFigures, type TransferFigures } from "~/provider/wallet.server";
import { useFormat } from "~/utils/format-context";
import { billsHref, rechargeRecordsHref, withdrawRecordsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext } from "~/utils/request.server";

export const handle: PageHandle = { i18n: ["wallet"], titleKey: "wallet:transfer.title" };
export const links = walletLinks;
export const headers = walletHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "wallet");
  const id = params.id ?? "";
  if (!/^[0-9]{1,10}$/.test(id) || Number(id) < 1) throw json({ code: "not_found" }, { status: 404 });
  const transfer: TransferFigures = transferFigures(await requireData(getTransfer(context.provider, Number(id))));
  return json(transfer, { headers: { "Cache-Control": "private, no-store" } });
}

export default function TransferPage() {
  const transfer = useLoaderData<typeof loader>();
  const { t } = useTranslation("wallet");
  const fmt = useFormat();
  const recharge = transfer.type === "recharge";
  return (
    <div className="wl-page">
      <h1 tabIndex={-1}>{t(recharge ? "transfer.recharge" : "transfer.withdraw", { id: transfer.id })}</h1>
      <section className="card">
        <dl className="wl-review">
          <div>
            <dt>{t("transfer.amount")}</dt>
            <dd>{formatMoney(transfer.amount, fmt)}</dd>
          </div>
          <div>
            <dt>{t("transfer.status")}</dt>
            <dd>
              <StatusBadge state={transfer.state} />
            </dd>
          </div>
          <div>
            <dt>{t("transfer.created")}</dt>
            <dd>
              <time dateTime={transfer.time}>{formatDateTime(transfer.time, fmt)}</time>
            </dd>
          </div>
          {transfer.processedAt ? (
            <div>
              <dt>{t("transfer.processed")}</dt>
              <dd>
                <time dateTime={transfer.processedAt}>{formatDateTime(transfer.processedAt, fmt)}</time>
              </dd>
            </div>
          ) : null}
          {transfer.card ? (
            <div>
              <dt>{t("transfer.card")}</dt>
              <dd>{t("transfer.cardValue", { bank: transfer.card.bank, number: transfer.card.number, holder: transfer.card.holder })}</dd>
            </div>
          ) : null}
          {transfer.state === "failed" && transfer.reason ? (
            <div>
              <dt>{t("transfer.reason")}</dt>
              <dd>{transfer.reason}</dd>
            </div>
          ) : null}
        </dl>
      </section>
      <p className="links">
        <Link to={recharge ? rechargeRecordsHref() : withdrawRecordsHref()}>{t("records.heading")}</Link>
        <Link to={billsHref()}>{t("transfer.back")}</Link>
      </p>
    </div>
  );
}
