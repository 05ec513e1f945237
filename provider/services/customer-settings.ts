import Decimal from "decimal.js";
import { z } from "zod";

import { parseWholeAmount, requireAtLeast } from "./amounts";
import { toMoneyString } from "./money";
import type { DB } from "../db/database";
import { setCustomerSetting } from "../db/repositories/users";
import type { User } from "../db/tables/users";

/*
 * The customer's own settings (docs/decisions/0500-customer-settings-registry.md): each is one entry below, and the
 * entry is all the provider needs. `POST /api/stock/success/user/settings/<name>` `{ value }` saves it (http/settings.ts
 * makes one route per entry, and its OpenAPI operation from `summary`, `value` and `examples`), `value: null` or ""
 * removes it, and the user info carries every entry under `settings` (null: not set). It is stored in the `users`
 * row's `settings` (jsonb), as the string `parse` returns, so a new setting needs no migration. A service that keeps
 * to a setting reads it with `customerSetting(user, name)`.
 */
export interface CustomerSetting {
  /** What it is and its rule, in the OpenAPI document (docs/provider-api.md, "Customer settings"). */
  summary: string;
  /** The value the route accepts besides null and "" (zod; documents the body, the rule is `parse`). */
  value: z.ZodTypeAny;
  /** The rule: the value as stored (a canonical string), or a ProviderError on the field `value`. */
  parse(input: unknown): string;
  /**
   * What the contract promises, literally: each saved input with the string stored and returned, each refused input
   * with its code. provider/tests/customer-settings.test.ts posts every one; the OpenAPI operation shows them.
   */
  examples: { saved: Array<[input: string | number, stored: string]>; refused: Array<[input: unknown, code: string]> };
}

/** Whole amounts as JSON strings of digits or JSON integers (the rule, digits only, is `parseWholeAmount`). */
const wholeAmount = z.union([z.string().max(40), z.number()]);

export const CUSTOMER_SETTINGS = {
  /** docs/product.md#withdraw-limit: kept to by the withdrawal (services/funds.ts, `over_daily_limit`). */
  withdraw_limit: {
    summary: "The customer's own daily withdrawal limit: a whole amount of at least 1 (stored as money)",
    value: wholeAmount,
    parse(input) {
      const limit = parseWholeAmount(input, "value");
      requireAtLeast(limit, new Decimal(1), "value");
      return toMoneyString(limit);
    },
    examples: {
      saved: [
        ["500", "500.00"],
        [2000, "2000.00"],
      ],
      refused: [
        ["12.50", "invalid_input"],
        ["0", "amount_too_small"],
        [true, "invalid_input"],
      ],
    },
  },
} satisfies Record<string, CustomerSetting>;

export type CustomerSettingName = keyof typeof CUSTOMER_SETTINGS;
export const CUSTOMER_SETTING_NAMES = Object.keys(CUSTOMER_SETTINGS) as CustomerSettingName[];

/** The customer's value of one setting as stored, or null when not set. */
export const customerSetting = (user: Pick<User, "settings">, name: CustomerSettingName): string | null =>
  user.settings[name] ?? null;

/** Every setting of the registry, null when not set: the user info's `settings`. */
export const customerSettings = (user: Pick<User, "settings">): Record<CustomerSettingName, string | null> =>
  Object.fromEntries(CUSTOMER_SETTING_NAMES.map((name) => [name, customerSetting(user, name)])) as Record<
    CustomerSettingName,
    string | null
  >;

export function createCustomerSettings(deps: { db: DB; now: () => Date }) {
  return {
    /** Saves `input` under `name` by its rule, or removes the value for null and "". */
    async save(userId: number, name: CustomerSettingName, input: unknown) {
      const value = input === null || input === "" ? null : CUSTOMER_SETTINGS[name].parse(input);
      await setCustomerSetting(deps.db, userId, name, value, deps.now());
      return { value };
    },
  };
}
export type CustomerSettings = ReturnType<typeof createCustomerSettings>;
