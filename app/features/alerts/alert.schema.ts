/**
 * The price-alert form's schema (new and edit, docs/product.md#price-alerts), shared by the actions
 * (app/routes/alerts_.new.tsx, alerts_.$id.edit.tsx) and the form (AlertForm.tsx). A level is a price above zero
 * with at most the instrument's decimals; a daily move a percentage from 0.01 to 100 with at most 2 decimals. The
 * field the condition does not use is ignored. Values stay the strings typed (never a float).
 */
import { z } from "zod";

import type { TFunction } from "~/i18n/config";

import { ALERT_CONDITIONS } from "./words";

const DECIMAL = /^\d+(?:\.(\d+))?$/;

const optionalText = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined),
  z.string().optional(),
);

export function createAlertSchema(t: TFunction<"alerts">, opts: { precision: number }) {
  const { precision } = opts;
  return z
    .object({
      condition: z.enum(ALERT_CONDITIONS, { errorMap: () => ({ message: t("form.conditionRequired") }) }),
      price: optionalText,
      percent: optionalText,
    })
    .superRefine((value, ctx) => {
      if (value.condition === "move") {
        const percent = value.percent;
        if (percent === undefined) {
          ctx.addIssue({ code: "custom", path: ["percent"], message: t("form.percentRequired") });
          return;
        }
        const match = DECIMAL.exec(percent);
        const number = Number(percent);
        if (!match || (match[1]?.length ?? 0) > 2 || number < 0.01 || number > 100) {
          ctx.addIssue({ code: "custom", path: ["percent"], message: t("form.percentInvalid") });
        }
        return;
      }
      const price = value.price;
      if (price === undefined) {
        ctx.addIssue({ code: "custom", path: ["price"], message: t("form.priceRequired") });
        return;
      }
      const match = DECIMAL.exec(price);
      if (!match || !/[1-9]/.test(price)) {
        ctx.addIssue({ code: "custom", path: ["price"], message: t("form.priceInvalid") });
      } else if ((match[1]?.length ?? 0) > precision) {
        ctx.addIssue({ code: "custom", path: ["price"], message: t("form.priceDecimals", { count: precision }) });
      }
    })
    .transform((value) =>
      value.condition === "move"
        ? { condition: value.condition, percent: value.percent }
        : { condition: value.condition, price: value.price },
    );
}

export type AlertFormValue = z.output<ReturnType<typeof createAlertSchema>>;
