/**
 * /account/recharge-withdraw/{id} (auth; docs/product.md#wallet): one recharge or withdrawal (ids are shared, so
 * the URL needs no type): amount, status, when it was asked for and processed, the operator's reason for a
 * rejection, and a withdrawal's card as it was when asked for. Someone else's or an unknown id is a 404.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { FigureList, RecordTime } from "~/components/ui/FigureList";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { walletLinks } from "~/features/wallet/route-exports";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { formatMoney } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { requireData } from "~/provider/failures.server";
import { getTransfer, transferFigures, type TransferFigures } from "~/provider/wallet.server";
import { billsHref, rechargeRecordsHref, withdrawRecordsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext } from "~/utils/request.server";

export const handle: PageHandle = {
  i18n: ["wallet:transfer", "wallet:records", "wallet:status"],
  titleKey: "wallet:transfer.title",
};
export const links = walletLinks;
export const headers = noStoreHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "wallet");
  const id = params.id ?? "";
  if (!/^[0-9]{1,10}$/.test(id) || Number(id) < 1) throw json({ code: "not_found" }, { status: 404 });
  const transfer: TransferFigures = transferFigures(await requireData(getTransfer(context.provider, Number(id))));
  return json(transfer, { headers: NO_STORE });
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
        <FigureList
          className="wl-review"
          items={[
            { label: t("transfer.amount"), value: formatMoney(transfer.amount, fmt) },
            {
              label: t("transfer.status"),
              value: <StatusBadge state={transfer.state} label={t(`status.${transfer.state}`)} />,
            },
            { label: t("transfer.created"), value: <RecordTime value={transfer.time} /> },
            transfer.processedAt
              ? { label: t("transfer.processed"), value: <RecordTime value={transfer.processedAt} /> }
              : null,
            transfer.card
              ? {
                  label: t("transfer.card"),
                  value: t("transfer.cardValue", {
                    bank: transfer.card.bank,
                    number: transfer.card.number,
                    holder: transfer.card.holder,
                  }),
                }
              : null,
            transfer.state === "failed" && transfer.reason
              ? { label: t("transfer.reason"), value: transfer.reason }
              : null,
          ]}
        />
      </section>
      <p className="links">
        <Link to={recharge ? rechargeRecordsHref() : withdrawRecordsHref()}>{t("records.heading")}</Link>
        <Link to={billsHref()}>{t("transfer.back")}</Link>
      </p>
    </div>
  );
}
