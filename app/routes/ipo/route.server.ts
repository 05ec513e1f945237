/**
 * /ipo's loader and action (re-exported by route.tsx, which keeps the screen): the IPO list, the apply step's
 * quantity and review from the URL, and the Review / Confirm posts. A module of its own so that the browser's route
 * chunk imports no shared server module (docs/decisions/0159-js-budget.md).
 */
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";

import { createIpoConfirmSchema, createIpoReviewSchema } from "~/features/products/forms.server";
import { confirmPurchase, refusedConfirm } from "~/features/products/purchase.server";
import { IPO_STEP, boundBroken, readQuantity, stepWithin } from "~/features/products/quantity";
import { IDEMPOTENCY_KEY } from "~/features/trading/forms.server";
import { refused, toReview } from "~/features/wallet/money-form.server";
import { formatInteger, formatMarketMoney } from "~/format";
import { attempt, failureMessage, logFailure } from "~/provider/failures.server";
import { applyForIpo, getIpos, ipoFigures } from "~/provider/products.server";
import { requireSameOrigin } from "~/security.server";
import { money, toBig } from "~/utils/decimal";
import { ipoHref, ipoOrdersHref } from "~/utils/hrefs";
import { requireUserContext, type UserRequestContext } from "~/utils/request.server";
import { formConstraint } from "~/utils/form-constraint.server";

import { ipoUnavailableReason } from "./reasons";
import type { IpoPageData, IpoReview } from "./types";

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
    apply = { ipo, quantity, stepNote, constraint: formConstraint("ipo-review", range, () => createIpoReviewSchema(t, range)) };
    const key = query.get("key") ?? "";
    const count = readQuantity(typed);
    if (step === "review" && ipo.canApply && IDEMPOTENCY_KEY.test(key) && count !== null && !boundBroken(count, ipo.min, ipo.max)) {
      review = { key, quantity: count, amount: money(toBig(ipo.price).times(count)), constraint: formConstraint("ipo-confirm", range, () => createIpoConfirmSchema(t, range)) };
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
