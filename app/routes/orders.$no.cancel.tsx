/**
 * /orders/{no}/cancel (auth; docs/product.md "Order types", docs/decisions/0441): the confirm step of cancelling an
 * open order, a screen of its own so it works without JavaScript; only its POST cancels (`deal/cancel`, with the
 * page's idempotency key). It returns to the screen it was opened from (`?back=`: a stock's screen or the records).
 * An order that has already filled, been cancelled or expired is said plainly, and nothing is changed.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { ConfirmPanel } from "~/components/ui/ConfirmDialog";
import { FormErrorSummary } from "~/components/ui/FormErrors";
import { backHref, requireOrder } from "~/features/trading/open-orders.server";
import { endedText, orderSentence } from "~/features/trading/order-words";
import { tradeLinks } from "~/features/trading/route-exports";
import { formAction } from "~/forms/action.server";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { ProviderError } from "~/provider/core.server";
import { failureMessage } from "~/provider/failures.server";
import { cancelOrder } from "~/provider/trading.server";
import { mintReviewKey } from "~/session/review-key.server";
import { cancelOrderHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext } from "~/utils/request.server";

export const handle: PageHandle = {
  i18n: ["trade:orderKinds", "trade:errors"],
  titleKey: "trade:orderKinds.pageTitle.cancel",
};
export const links = tradeLinks;
export const headers = noStoreHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "trade");
  const order = await requireOrder(context, params.no ?? "");
  const open = order.status === 0;
  return json(
    {
      no: order.no,
      back: backHref(new URL(request.url).searchParams.get("back")),
      sentence: orderSentence(context.t, context.fmt, order),
      ended: open ? null : endedText(context.t, context.fmt, order),
      // A key per page: this confirm posted twice cancels once.
      key: open ? mintReviewKey(context.provider.token ?? "") : null,
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request, "trade");
  const { t } = context;
  const order = await requireOrder(context, params.no ?? "");
  const back = backHref(new URL(request.url).searchParams.get("back"));
  const { createCancelOrderSchema } = await import("./orders.$no.cancel.schema");
  let ended: string | null = order.status === 0 ? null : endedText(t, context.fmt, order);
  return formAction(await request.formData(), {
    schema: createCancelOrderSchema(t),
    t,
    where: "order cancel",
    call: async (value) => {
      try {
        return await cancelOrder(context.provider, order.no, value.idempotency_key);
      } catch (error) {
        // Filled (or expired) since the page was shown: say how it ended; nothing was changed.
        if (error instanceof ProviderError && error.code === "order_not_pending")
          ended = endedText(t, context.fmt, await requireOrder(context, order.no));
        throw error;
      }
    },
    success: () => ({ to: back, toast: { key: "trade:toast.cancelled", values: { no: order.no } } }),
    message: (failure) =>
      failure.kind === "business" && failure.code === "order_not_pending" && ended
        ? ended
        : failureMessage(t, failure, "errors.submissionFailed"),
  });
}

export default function CancelOrderPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("trade");
  const formErrors = reply?.result.error?.[""] ?? null;
  if (data.ended || !data.key) {
    return (
      <section className="card" aria-labelledby="cancel-title">
        <h1 id="cancel-title">{t("orderKinds.cancel.title", { no: data.no })}</h1>
        <p>{data.sentence}</p>
        <p className="notice">{data.ended}</p>
        <Link to={data.back} className="button button--secondary">
          {t("orderKinds.modify.back")}
        </Link>
      </section>
    );
  }
  return (
    <section className="card">
      <FormErrorSummary fields={[]} formErrors={formErrors} formId="confirm-title" lastResult={reply?.result} />
      <ConfirmPanel
        title={t("orderKinds.cancel.title", { no: data.no })}
        text={t("orderKinds.cancel.text", { order: data.sentence })}
        action={cancelOrderHref(data.no, data.back)}
        confirmLabel={t("orderKinds.cancel.confirm")}
        cancelLabel={t("orderKinds.cancel.keep")}
        cancelHref={data.back}
        hidden={{ intent: "cancel", idempotency_key: data.key }}
      />
    </section>
  );
}
