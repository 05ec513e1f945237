/**
 * /ipo (auth; docs/product.md#ipo): the IPOs of the deployment's markets. Only a Forthcoming IPO inside its
 * subscription window can be applied for; every other one shows a disabled Apply with the reason in words. Applying
 * is two steps with their own URLs (a page without JS, a dialog with it; docs/decisions/0138):
 * - `?apply=<id>&quantity=`: the quantity, digits only, from the IPO's min to max (1..10 until an IPO sets them),
 *   starting at the max; − / + step by 100 and stop at the bounds with a message; a typed value out of range is
 *   kept and called out of range, never changed;
 * - `&step=review&key=<idempotency key>`: "check your application" (the amount held until allotment) and Confirm.
 * Success goes to /ipo/orders with the application's toast.
 */
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";

import { createIpoConfirmSchema, createIpoReviewSchema } from "~/features/products/forms.server";
import { ListFailed } from "~/features/products/ListFailed";
import { OfferItem } from "~/features/products/OfferItem";
import { PurchaseReview, type ConfirmReply } from "~/features/products/PurchaseReview";
import { PurchaseScreen, usePurchaseReply } from "~/features/products/PurchaseScreen";
import { confirmPurchase, refusedConfirm } from "~/features/products/purchase.server";
import { IPO_STEP, boundBroken, readQuantity, stepWithin } from "~/features/products/quantity";
import { productHeaders, productLinks } from "~/features/products/route-exports";
import { IDEMPOTENCY_KEY } from "~/features/trading/forms.server";
import { keepAfterClientFailure, moneyClientAction } from "~/features/wallet/client-action";
import { refused, toReview } from "~/features/wallet/money-form.server";
import { formatDate, formatInteger, formatMarketMoney } from "~/format";
import { useTranslation, type TFunction } from "~/i18n-react";
import { attempt, failureMessage, logFailure } from "~/provider/failures.server";
import { applyForIpo, getIpos, ipoFigures, type IpoFigures } from "~/provider/products.server";
import { requireSameOrigin } from "~/security.server";
import { money, toBig } from "~/utils/decimal";
import { useFormat } from "~/utils/format-context";
import { ipoHref, ipoOrdersHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext, type UserRequestContext } from "~/utils/request.server";

import { ApplyForm } from "./ApplyForm";
import { ipoUnavailableReason } from "./reasons";
import type { IpoPageData, IpoReview } from "./types";

export const handle: PageHandle = { i18n: ["products"], titleKey: "products:ipo.title" };
export const links = productLinks;
export const headers = productHeaders;

const NO_STORE = { "Cache-Control": "private, no-store" };

const readId = (value: unknown) => (typeof value === "string" && /^[0-9]{1,10}$/.test(value) ? Number(value) : null);

async function loadIpos(context: UserRequestContext) {
  const ipos = await attempt(getIpos(context.provider));
  if (!ipos.ok) logFailure("ipo list", ipos.failure);
  return ipos.ok ? ipos.data.map((row) => ipoFigures(row, context.deployment)) : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "products");
  const { t } = context;
  const query = new URL(request.url).searchParams;
  const ipos = await loadIpos(context);
  const id = readId(query.get("apply"));
  const ipo = id === null ? undefined : ipos?.find((row) => row.id === id);
  let apply: IpoPageData["apply"] = null;
  let review: IpoReview | null = null;
  if (ipo) {
    const range = { min: ipo.min, max: ipo.max };
    const typed = query.get("quantity")?.slice(0, 12) ?? null;
    const step = query.get("step");
    let quantity = typed ?? String(ipo.max);
    let stepNote: string | null = null;
    if (step === "up" || step === "down") {
      const stepped = stepWithin(typed, step, { ...range, step: IPO_STEP, start: ipo.max });
      quantity = String(stepped.quantity);
      stepNote = stepped.bound ? t(stepped.bound === "min" ? "ipo.atMinimum" : "ipo.atMaximum", { min: ipo.min, max: ipo.max }) : null;
    }
    apply = { ipo, quantity, stepNote, constraint: getZodConstraint(createIpoReviewSchema(t, range)) };
    const key = query.get("key") ?? "";
    const count = readQuantity(typed);
    if (step === "review" && ipo.canApply && IDEMPOTENCY_KEY.test(key) && count !== null && !boundBroken(count, ipo.min, ipo.max)) {
      review = { key, quantity: count, amount: money(toBig(ipo.price).times(count)), constraint: getZodConstraint(createIpoConfirmSchema(t, range)) };
    }
  }
  const data: IpoPageData = { ipos: ipos ?? [], failed: ipos === null, apply, applyGone: id !== null && ipos !== null && !ipo, review };
  return json(data, { status: ipos === null ? 503 : 200, headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request, "products");
  const { t } = context;
  const formData = await request.formData();
  const id = readId(formData.get("apply"));
  const ipo = id === null ? undefined : (await loadIpos(context))?.find((row) => row.id === id);
  const range = ipo ? { min: ipo.min, max: ipo.max } : { min: 1, max: 1 };

  if (formData.get("intent") !== "confirm") {
    const submission = parseWithZod(formData, { schema: createIpoReviewSchema(t, range) });
    if (!ipo) return refused(submission.reply({ formErrors: [t("ipo.gone")] }));
    if (submission.status !== "success") return refused(submission.reply());
    if (!ipo.canApply) return refused(submission.reply({ formErrors: [ipoUnavailableReason(t, ipo, context.fmt)] }));
    // A new intent: its idempotency key is minted here, once, and travels in the review's URL from now on.
    return toReview((key) => ipoHref({ item: ipo.id, quantity: submission.value.quantity, step: "review", key }));
  }

  const submission = parseWithZod(formData, { schema: createIpoConfirmSchema(t, range) });
  if (!ipo) return refusedConfirm(submission, { formErrors: [t("ipo.gone")] });
  if (submission.status !== "success") return refusedConfirm(submission);
  const { quantity, idempotency_key } = submission.value;
  return confirmPurchase(context, submission, {
    where: "ipo apply",
    call: () => applyForIpo(context.provider, { id: ipo.id, tag: ipo.symbol, count: quantity, price: ipo.price, idempotencyKey: idempotency_key }),
    success: (application) => ({
      to: ipoOrdersHref(),
      toast: {
        key: "products:toast.ipoApplied",
        values: {
          qty: formatInteger(application.count, context.fmt),
          symbol: ipo.display,
          amount: formatMarketMoney(application.amount, context.fmt, ipo.market),
        },
      },
    }),
    failed: (failure) => failureMessage(t, failure, "products:ipo.failed"),
  });
}

export const clientAction = moneyClientAction<typeof action>();
export const shouldRevalidate = keepAfterClientFailure;

export default function IpoPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("products");
  const location = useLocation();
  const { review, amount, confirm } = usePurchaseReply(data.apply ? data.review : null);
  return (
    <PurchaseScreen
      heading={t("ipo.heading")}
      orders={{ href: ipoOrdersHref(), label: t("ipo.ordersLink") }}
      list={<IpoList data={data} />}
      gone={data.applyGone ? { title: t("ipo.goneTitle"), message: t("ipo.gone"), href: ipoHref(), backLabel: t("ipo.backToList") } : null}
      step={
        data.apply && review ? (
          <IpoReviewStep key={review.key} ipo={data.apply.ipo} review={review} {...confirm} />
        ) : data.apply ? (
          <ApplyForm key={location.search} apply={data.apply} {...amount} />
        ) : null
      }
    />
  );
}

function IpoList({ data }: { data: IpoPageData }) {
  const { t } = useTranslation("products");
  const fmt = useFormat();
  if (data.failed) return <ListFailed retryHref={ipoHref()} message={t("ipo.loadFailed")} retryLabel={t("block.retry")} />;
  if (data.ipos.length === 0) return <p className="pr-empty">{t("ipo.empty")}</p>;
  return (
    <ul className="list pr-items" aria-label={t("ipo.listLabel")}>
      {data.ipos.map((ipo) => (
        <OfferItem
          key={ipo.id}
          level={2}
          title={ipo.company}
          muted={ipo.display}
          badge={ipoStatusName(t, ipo.status)}
          figures={[
            { label: t("ipo.price"), value: formatMarketMoney(ipo.price, fmt, ipo.market), numeric: true },
            { label: t("ipo.range"), value: t("ipo.rangeValue", { min: formatInteger(ipo.min, fmt), max: formatInteger(ipo.max, fmt) }), numeric: true },
            { label: t("ipo.window"), value: t("ipo.windowValue", { start: formatDate(ipo.start, fmt), end: formatDate(ipo.end, fmt) }) },
          ]}
          buy={
            ipo.canApply
              ? { label: t("ipo.apply"), href: ipoHref({ item: ipo.id }) }
              : { label: t("ipo.apply"), unavailable: ipoUnavailableReason(t, ipo, fmt) }
          }
        />
      ))}
    </ul>
  );
}

function ipoStatusName(t: TFunction<"products">, status: string): string {
  if (status === "Forthcoming") return t("ipo.status.forthcoming");
  if (status === "Closed") return t("ipo.status.closed");
  if (status === "Listed") return t("ipo.status.listed");
  return status;
}

function IpoReviewStep({ ipo, review, ...reply }: { ipo: IpoFigures; review: IpoReview } & ConfirmReply) {
  const { t } = useTranslation("products");
  const fmt = useFormat();
  return (
    <PurchaseReview
      title={t("ipo.reviewTitle")}
      rows={[
        { label: t("ipo.company"), value: `${ipo.company} (${ipo.display})` },
        { label: t("review.quantity"), value: formatInteger(review.quantity, fmt) },
        { label: t("ipo.price"), value: formatMarketMoney(ipo.price, fmt, ipo.market) },
        { label: t("ipo.held"), value: formatMarketMoney(review.amount, fmt, ipo.market) },
      ]}
      notes={[t("ipo.heldNote")]}
      hidden={{ apply: String(ipo.id), quantity: String(review.quantity), idempotency_key: review.key }}
      confirmLabel={t("ipo.confirm")}
      changeHref={ipoHref({ item: ipo.id, quantity: review.quantity })}
      ordersHref={ipoOrdersHref()}
      {...reply}
      constraint={review.constraint}
    />
  );
}
