/** The live quotes' request (`?symbols=A,B`): distinct provider symbols, 1 to MAX_QUOTE_SYMBOLS; built once. */
import { z } from "zod";

import { SYMBOL_PATTERN } from "~/features/market/symbol";
import { MAX_QUOTE_SYMBOLS } from "~/provider/market.server";

const SymbolsSchema = z
  .string()
  .transform((value) =>
    Array.from(
      new Set(
        value
          .split(",")
          .map((symbol) => symbol.trim())
          .filter(Boolean),
      ),
    ),
  )
  .pipe(z.array(z.string().regex(SYMBOL_PATTERN)).min(1).max(MAX_QUOTE_SYMBOLS));

export const createSymbolsSchema = () => SymbolsSchema;
