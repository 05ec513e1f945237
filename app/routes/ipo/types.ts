/** The /ipo screen's loader data (what the server renders; the browser adds typing and − / +). */
import type { QuantityStepData } from "~/features/products/quantity";
import type { WalletConversion } from "~/i18n/currency";
import type { IpoFigures } from "~/provider/products.server";

/**
 * The quantity step; its quantity starts at the most the balance holds on the IPO's step (ipoStartQuantity,
 * docs/product.md#ipo).
 */
export interface ApplyStep extends QuantityStepData {
  ipo: IpoFigures;
  /**
   * Set when the IPO's currency is not the wallet's (a US IPO on INR): when the quote of the pair the hold is
   * converted at could be read, the rate the wallet estimate uses (docs/decisions/0191).
   */
  rate: { conversion: WalletConversion | null } | null;
  /** The available balance, or null when it could not be read (the provider still checks the money). */
  balance: string | null;
  /** The most shares the balance holds (ipoMaximum), or null when the balance or the rate is unknown. */
  most: number | null;
  /** Where − / + step from when the field is empty or unreadable: the quantity the step started at. */
  start: number;
}

export interface IpoReview {
  key: string;
  quantity: number;
  /** issue price × quantity: what is held until allotment, in the IPO's currency. */
  amount: string;
  /** The same in wallet money at the rate of {@link ApplyStep.rate}: what the wallet holds (null without a rate). */
  walletAmount: string | null;
  /** The available balance, or null when it could not be read (the provider still checks the money). */
  balance: string | null;
  /** For an IPO in another currency: the currencies, the rate, its source and time in words (made by the server). */
  rateNote: string | null;
}

export interface IpoPageData {
  ipos: IpoFigures[];
  failed: boolean;
  apply: ApplyStep | null;
  /** `?apply=` named an IPO that is not listed. */
  applyGone: boolean;
  review: IpoReview | null;
}
