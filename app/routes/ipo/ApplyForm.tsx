import { useMemo } from "react";
import { useTranslation } from "react-i18next";

import { IPO_STEP, boundBroken } from "~/features/products/quantity";
import { QuantityStepDialog } from "~/features/products/QuantityStepDialog";
import { useQuantityInput } from "~/features/products/useQuantityInput";
import { hiddenProps } from "~/forms/hidden";
import type { LastSubmit } from "~/forms/reply";
import { useZodForm } from "~/forms/useZodForm";
import { formatRate, walletCurrencies } from "~/i18n/currency";
import { formatInteger, formatMarketMoney, formatMoney } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { money, toBig } from "~/utils/decimal";
import { ipoHref } from "~/utils/hrefs";

import { ipoBalanceLimit } from "./reasons";
import type { ApplyStep } from "./types";

/**
 * The application's quantity (docs/product.md#ipo): starts at the most the available balance holds on the IPO's
 * step; − / + step by 100 and stop at min and max with a message; a typed quantity out of range, or more than the
 * balance holds, stays as typed and says so on the field (with JS as it is typed, without JS after Review). The
 * amount to be held follows the quantity; for an IPO in another currency than the wallet's, with about what the
 * wallet holds at the pair's rate (docs/decisions/0191).
 */
export function ApplyForm({
  apply,
  lastResult,
  offline,
}: {
  apply: ApplyStep;
} & LastSubmit) {
  const { t } = useTranslation("products");
  const fmt = useFormat();
  const ipo = apply.ipo;
  const bounds = { min: ipo.min, max: ipo.max };
  // docs/product.md#ipo: more than the balance holds is said on the field, live and by the action, before the review.
  const balanceLimit = useMemo(
    () => ipoBalanceLimit(t, fmt, ipo, { most: apply.most, balance: apply.balance }),
    [t, fmt, ipo, apply.most, apply.balance],
  );
  const form = useZodForm({
    id: "ipo-apply",
    schema: () =>
      import("./schema").then((m) => m.createIpoReviewSchema(t, { min: ipo.min, max: ipo.max, balance: balanceLimit })),
    constraint: apply.constraint.review,
    lastResult,
    defaultValue: { apply: String(ipo.id), quantity: apply.quantity },
    offline,
    offlineMessage: t("review.offlineForm"),
  });
  const step = { ...form, ...useQuantityInput(form, apply) };
  const { fields, quantity } = step;
  const outOfRange = quantity !== null && boundBroken(quantity, ipo.min, ipo.max) ? t("ipo.outOfRange", bounds) : null;
  const overBalance = quantity !== null && balanceLimit && quantity > balanceLimit.most ? balanceLimit.message : null;
  const held = quantity !== null && !outOfRange ? money(toBig(ipo.price).times(quantity)) : null;
  const total = held === null ? t("ipo.heldNone") : heldLine(held, quantity!);

  /** What is held, and for an IPO in another currency about how much of the wallet's money (docs/decisions/0191). */
  function heldLine(amount: string, count: number): string {
    const shown = formatMarketMoney(amount, fmt, ipo.market);
    const rate = apply.rate;
    if (!rate) return t("ipo.heldLine", { amount: shown });
    const currencies = walletCurrencies(ipo.market, fmt);
    if (!rate.conversion || !currencies)
      return t("ipo.heldLineAtRate", { amount: shown, to: currencies?.to ?? fmt.deployment.currency });
    // As the provider holds it: issue price × quantity × rate, rounded once (decision 0145).
    const wallet = money(toBig(ipo.price).times(count).times(rate.conversion.rate));
    return t("ipo.heldLineConverted", {
      amount: shown,
      wallet: formatMoney(wallet, fmt),
      from: rate.conversion.from,
      to: rate.conversion.to,
      rate: formatRate(rate.conversion.rate, fmt),
    });
  }
  return (
    <QuantityStepDialog
      step={step}
      title={t("ipo.applyTitle", { company: ipo.company })}
      closeHref={ipoHref()}
      action={ipoHref({ item: ipo.id })}
      intro={
        <>
          <p>{t("ipo.priceLine", { price: formatMarketMoney(ipo.price, fmt, ipo.market) })}</p>
          {apply.balance === null ? null : <p>{t("ipo.balanceLine", { balance: formatMoney(apply.balance, fmt) })}</p>}
        </>
      }
      hidden={<input {...hiddenProps(fields.apply, String(ipo.id))} />}
      range={{ ...bounds, step: IPO_STEP, start: apply.start }}
      boundNotes={{ min: t("ipo.atMinimum", bounds), max: t("ipo.atMaximum", bounds) }}
      typedError={outOfRange ?? overBalance}
      stepper={{
        up: t("ipo.increase", { step: IPO_STEP }),
        down: t("ipo.decrease", { step: IPO_STEP }),
        review: t("ipo.review"),
      }}
      field={{
        label: t("review.quantity"),
        hint: t("ipo.quantityHint", { min: formatInteger(ipo.min, fmt), max: formatInteger(ipo.max, fmt) }),
      }}
      total={total}
      cancelLabel={t("buy.cancel")}
    />
  );
}
