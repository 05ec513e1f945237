/** The chart's candle request (`?symbol&market&period`): built once, read on every chart poll. */
import { z } from "zod";

import { CHART_PERIODS } from "~/components/chart/chartData";
import { SYMBOL_PATTERN } from "~/features/market/symbol";

const QuerySchema = z.object({
  symbol: z.string().regex(SYMBOL_PATTERN),
  market: z
    .string()
    .regex(/^[A-Za-z]{1,10}$/)
    .optional(),
  period: z.enum(CHART_PERIODS),
});

export const createCandlesQuerySchema = () => QuerySchema;
