// Generated from provider/db/migrations/ by provider/db/migration-list.test.ts: do not edit. After adding a
// migration: UPDATE_MIGRATION_LIST=1 npx vitest run provider/db/migration-list.test.ts
// (docs/decisions/0402-migration-list-generated.md).
import type { Migration } from "kysely/migration";

import * as m2026_11_22T0300_initial from "./migrations/2026-11-22T0300-initial";
import * as m2026_11_22T0400_login_failures from "./migrations/2026-11-22T0400-login-failures";
import * as m2026_11_22T0500_trading from "./migrations/2026-11-22T0500-trading";
import * as m2026_11_23T0100_wallet from "./migrations/2026-11-23T0100-wallet";
import * as m2026_11_23T0200_auth_attempts from "./migrations/2026-11-23T0200-auth-attempts";
import * as m2026_11_23T0300_drop_login_failures from "./migrations/2026-11-23T0300-drop-login-failures";
import * as m2026_11_23T0400_products from "./migrations/2026-11-23T0400-products";
import * as m2026_11_23T0500_order_fx from "./migrations/2026-11-23T0500-order-fx";
import * as m2026_11_23T0600_products_fx from "./migrations/2026-11-23T0600-products-fx";
import * as m2026_11_24T0100_auth_attempt_devices from "./migrations/2026-11-24T0100-auth-attempt-devices";
import * as m2026_11_27T0100_two_factor from "./migrations/2026-11-27T0100-two-factor";
import * as m2026_12_01T0100_two_factor_key from "./migrations/2026-12-01T0100-two-factor-key";
import * as m2026_12_01T0200_sessions_ended_by from "./migrations/2026-12-01T0200-sessions-ended-by";
import * as m2026_12_01T0400_order_types_and_alerts from "./migrations/2026-12-01T0400-order-types-and-alerts";
import * as m2026_12_02T0500_portfolio_values from "./migrations/2026-12-02T0500-portfolio-values";
import * as m2026_12_02T0600_withdraw_limit from "./migrations/2026-12-02T0600-withdraw-limit";
import * as m2026_12_02T0900_customer_settings from "./migrations/2026-12-02T0900-customer-settings";

export const migrations: Record<string, Migration> = {
  "2026-11-22T0300-initial": m2026_11_22T0300_initial,
  "2026-11-22T0400-login-failures": m2026_11_22T0400_login_failures,
  "2026-11-22T0500-trading": m2026_11_22T0500_trading,
  "2026-11-23T0100-wallet": m2026_11_23T0100_wallet,
  "2026-11-23T0200-auth-attempts": m2026_11_23T0200_auth_attempts,
  "2026-11-23T0300-drop-login-failures": m2026_11_23T0300_drop_login_failures,
  "2026-11-23T0400-products": m2026_11_23T0400_products,
  "2026-11-23T0500-order-fx": m2026_11_23T0500_order_fx,
  "2026-11-23T0600-products-fx": m2026_11_23T0600_products_fx,
  "2026-11-24T0100-auth-attempt-devices": m2026_11_24T0100_auth_attempt_devices,
  "2026-11-27T0100-two-factor": m2026_11_27T0100_two_factor,
  "2026-12-01T0100-two-factor-key": m2026_12_01T0100_two_factor_key,
  "2026-12-01T0200-sessions-ended-by": m2026_12_01T0200_sessions_ended_by,
  "2026-12-01T0400-order-types-and-alerts": m2026_12_01T0400_order_types_and_alerts,
  "2026-12-02T0500-portfolio-values": m2026_12_02T0500_portfolio_values,
  "2026-12-02T0600-withdraw-limit": m2026_12_02T0600_withdraw_limit,
  "2026-12-02T0900-customer-settings": m2026_12_02T0900_customer_settings,
};
