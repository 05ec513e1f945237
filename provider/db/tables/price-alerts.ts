import type { Generated, Selectable } from "kysely";

import type { Defaulted } from "./columns";

/** `above`: the price at or above `price`; `below`: at or below; `move`: the day's change at least `percent` either way. */
export type AlertCondition = "above" | "below" | "move";
/** `fired` alerts wait to be edited or resumed (which arms them again); `paused` ones are not watched. */
export type AlertStatus = "active" | "paused" | "fired";

/**
 * A customer's price alert on a symbol (docs/decisions/0362-price-alerts.md). Prices numeric(20,6) and the percent
 * numeric(6,2), as decimal strings.
 */
export interface PriceAlertsTable {
  id: Generated<number>;
  user_id: number;
  tag: string;
  condition: AlertCondition;
  price: string | null;
  percent: string | null;
  status: AlertStatus;
  created_at: Date;
  updated_at: Date;
  fired_at: Defaulted<Date | null>;
  fired_price: Defaulted<string | null>;
}

export type PriceAlertRow = Selectable<PriceAlertsTable>;
