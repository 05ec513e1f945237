/**
 * The statements screen's two GET forms (docs/product.md#statements, #tax-report): a statement of a month or of a
 * period up to a year, and the tax report of a financial year. The loader and the download route parse the query with
 * them; their messages come from `t`.
 */
import { z } from "zod";

import type { TFunction } from "~/i18n/config";

export const STATEMENT_KINDS = ["account", "trades"] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];
export const FORMATS = ["csv", "pdf"] as const;
export type StatementFormat = (typeof FORMATS)[number];
const DAY = 86_400_000;
/** At most a year: docs/product.md#statements. */
export const MAX_DAYS = 366;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (value: string) => DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

/** The statement's kind and period: a month (`YYYY-MM`) or `from`..`to`; gives back the first and last day. */
export function createStatementSchema(t: TFunction) {
  return z
    .object({
      kind: z.enum(STATEMENT_KINDS, { errorMap: () => ({ message: t("trade:statements.errors.kind") }) }),
      period: z.enum(["month", "range"]).default("month"),
      month: z.preprocess(blank, z.string().optional()),
      from: z.preprocess(blank, z.string().optional()),
      to: z.preprocess(blank, z.string().optional()),
    })
    .superRefine((v, ctx) => {
      if (v.period === "month") {
        if (!v.month || !/^\d{4}-(0[1-9]|1[0-2])$/.test(v.month))
          ctx.addIssue({ code: "custom", path: ["month"], message: t("trade:statements.errors.month") });
        return;
      }
      if (!v.from || !realDate(v.from))
        ctx.addIssue({ code: "custom", path: ["from"], message: t("trade:statements.errors.date") });
      if (!v.to || !realDate(v.to))
        ctx.addIssue({ code: "custom", path: ["to"], message: t("trade:statements.errors.date") });
      if (!v.from || !v.to || !realDate(v.from) || !realDate(v.to)) return;
      const days = (Date.parse(v.to) - Date.parse(v.from)) / DAY + 1;
      if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: t("trade:statements.errors.order") });
      else if (days > MAX_DAYS)
        ctx.addIssue({ code: "custom", path: ["to"], message: t("trade:statements.errors.tooLong") });
    })
    .transform((v) => {
      if (v.period === "range") return { kind: v.kind, from: v.from!, to: v.to! };
      const [y, m] = v.month!.split("-").map(Number);
      const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
      return { kind: v.kind, from: `${v.month}-01`, to: `${v.month}-${String(last).padStart(2, "0")}` };
    });
}

/** The tax report's financial year, by the calendar year it starts in. */
export function createTaxReportSchema(t: TFunction) {
  return z.object({
    year: z.coerce
      .number({ invalid_type_error: t("trade:statements.errors.year") })
      .int(t("trade:statements.errors.year"))
      .min(2000, t("trade:statements.errors.year"))
      .max(2100, t("trade:statements.errors.year")),
  });
}

/** A download's format. */
export const formatSchema = z.enum(FORMATS);
