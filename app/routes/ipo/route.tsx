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
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";

import { Figures } from "~/features/products/Figures";
import { createIpoConfirmSchema, createIpoReviewSchema } from "~/features/products/forms.server";
import { PurchaseReview, type ProductReply } from "~/features/products/PurchaseReview";
import { confirmPurchase, refusedConfirm } from "~/features/products/purchase.server";
import { IPO_STEP, boundBroken, readQuantity, stepWithin } from "~/features/products/quantity";
import { productHeaders, productLinks } from "~/features/products/route-exports";
import { IDEMPOTENCY_KEY } from "~/features/trading/forms.server";
import { keepAfterClientFailure, moneyClientAction } from "~/features/wallet/client-action";
import { refused, toReview, type MoneyReply } from "~/features/wallet/money-form.server";
import { StepDialog } from "~/features/wallet/StepDialog";
import { useHydrated } from "~/features/wallet/useHydrated";
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
  const reply = useActionData<typeof clientAction>() as ProductReply | undefined;
  const { t } = useTranslation("products");
  const hydrated = useHydrated();
  const location = useLocation();
  const lastResult = reply && "result" in reply ? reply.result : undefined;
  const clientFailure = reply && "clientFailure" in reply ? reply.clientFailure : null;
  const inStep = data.apply !== null || data.applyGone;
  const review = data.apply && data.review && reply?.form !== "amount" ? data.review : null;
  return (
    <div className="pr-page">
      <h1 tabIndex={-1}>{t("ipo.heading")}</h1>
      <p>
        <Link to={ipoOrdersHref()}>{t("ipo.ordersLink")}</Link>
      </p>
      {!inStep || hydrated ? <IpoList data={data} /> : null}
      {data.applyGone ? (
        <StepDialog title={t("ipo.goneTitle")} closeHref={ipoHref()} focusSafeChoice>
          <p>{t("ipo.gone")}</p>
          <Link to={ipoHref()} className="button button--secondary" data-safe-choice="">
            {t("ipo.backToList")}
          </Link>
        </StepDialog>
      ) : null}
      {data.apply && review ? (
        <IpoReviewStep
          key={review.key}
          ipo={data.apply.ipo}
          review={review}
          lastResult={reply?.form === "confirm" ? lastResult : undefined}
          outcomeUnknown={reply !== undefined && "outcome" in reply && reply.outcome === "unknown"}
          clientFailure={reply?.form === "confirm" ? clientFailure : null}
        />
      ) : data.apply ? (
        <ApplyForm
          key={location.search}
          apply={data.apply}
          lastResult={reply?.form === "amount" ? lastResult : undefined}
          offline={reply?.form === "amount" && clientFailure === "offline"}
        />
      ) : null}
    </div>
  );
}

function IpoList({ data }: { data: IpoPageData }) {
  const { t } = useTranslation("products");
  const fmt = useFormat();
  if (data.failed) {
    return (
      <div className="notice">
        <p>{t("ipo.loadFailed")}</p>
        <Link to={ipoHref()} reloadDocument className="button button--secondary">
          {t("block.retry")}
        </Link>
      </div>
    );
  }
  if (data.ipos.length === 0) return <p className="pr-empty">{t("ipo.empty")}</p>;
  return (
    <ul className="list pr-items" aria-label={t("ipo.listLabel")}>
      {data.ipos.map((ipo) => (
        <li key={ipo.id} className="pr-item">
          <div className="pr-item__head">
            <h2 className="pr-item__title">
              {ipo.company} <span className="pr-muted">{ipo.display}</span>
            </h2>
            <span className="pr-badge">{ipoStatusName(t, ipo.status)}</span>
          </div>
          <Figures
            items={[
              { label: t("ipo.price"), value: formatMarketMoney(ipo.price, fmt, ipo.market), numeric: true },
              { label: t("ipo.range"), value: t("ipo.rangeValue", { min: formatInteger(ipo.min, fmt), max: formatInteger(ipo.max, fmt) }), numeric: true },
              { label: t("ipo.window"), value: t("ipo.windowValue", { start: formatDate(ipo.start, fmt), end: formatDate(ipo.end, fmt) }) },
            ]}
          />
          {ipo.canApply ? (
            <Link to={ipoHref({ item: ipo.id })} className="button button--small" preventScrollReset>
              {t("ipo.apply")}
              <span className="sr-only"> {ipo.company}</span>
            </Link>
          ) : (
            <p className="pr-unavailable">
              <button type="button" className="button button--small" disabled>
                {t("ipo.apply")}
                <span className="sr-only"> {ipo.company}</span>
              </button>{" "}
              <span>{ipoUnavailableReason(t, ipo, fmt)}</span>
            </p>
          )}
        </li>
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

function IpoReviewStep({
  ipo,
  review,
  lastResult,
  outcomeUnknown,
  clientFailure,
}: {
  ipo: IpoFigures;
  review: IpoReview;
  lastResult: MoneyReply["result"] | undefined;
  outcomeUnknown: boolean;
  clientFailure: "offline" | "unknown" | null;
}) {
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
      lastResult={lastResult}
      outcomeUnknown={outcomeUnknown}
      clientFailure={clientFailure}
      constraint={review.constraint}
    />
  );
}
