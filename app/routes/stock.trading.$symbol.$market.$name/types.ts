/** The buy/sell screen's loader data (what the server renders; the browser adds live prices and typing). */
import type { PositionType, Side } from "~/features/trading/order";
import type { OrderType, OrderValidity } from "~/features/trading/order-types";
import type { ActionReply } from "~/forms/reply";
import type { FormConstraint } from "~/forms/useZodForm";
import type { WalletConversion } from "~/i18n/currency";
import type { OrderTerms, PositionFigures } from "~/provider/trading.server";
import type { OrderEstimate } from "~/utils/estimate";

/** An order's kind as the form holds it (prices as typed; "" when not given). */
export interface FormTerms {
  orderType: OrderType;
  limitPrice: string;
  triggerPrice: string;
  validity: OrderValidity;
}

/** What the provider says a limit, stop or stop-limit order would do if placed now (`deal/preview`). */
export interface OrderPreview {
  fillsAtOnce: boolean;
  /** The price now. */
  price: number;
  /** When it is first judged (the market is closed now), else null. */
  opensAt: string | null;
  /** When it expires; null when it fills at once. */
  expiresAt: string | null;
  /** Wallet money a buy reserves now ("0.00" for a sell or when it fills at once). */
  reserve: string;
  /** Shares a sell sets aside now. */
  reserveShares: number;
  /** Total, fee and net at the price it is estimated at (its limit, else its trigger; the price when it fills at once). */
  priceAll: string;
  fee: string;
  amount: string;
  /** What the wallet would be debited or credited at the estimate's price. */
  walletAmount: string;
}

export interface ReviewFigures {
  /** The idempotency key of this order, minted once when the review was first shown; it lives in the URL. */
  key: string;
  /** The order's kind (a market order: `{ orderType: "market" }`). */
  terms: OrderTerms;
  /** A limit, stop or stop-limit order's preview; null for a market order. */
  preview: OrderPreview | null;
  position: PositionType;
  quantity: number;
  /** The lot a sell names. */
  lot: string | null;
  /** The price the figures were computed at (indicative: the provider fills at its price of the moment). */
  price: number;
  costPrice: number | null;
  /** Total, fee, net and (sell) P&L, in the stock's currency. */
  estimate: OrderEstimate;
  /**
   * Set when the wallet is in another currency than the stock and the pair's quote could be read: the rate the
   * estimate uses (the provider converts at the pair's rate when the order fills, docs/decisions/0145).
   */
  conversion: WalletConversion | null;
  /** The forex pair the provider converts at ("USDINR=X") when the currencies differ, else null. */
  pair: string | null;
  /** What the wallet is debited (buy) or credited (sell), in the wallet's currency: an estimate; null when the rate is unknown. */
  walletAmount: string | null;
}

export interface TradingPageData {
  /** When the figures were read (epoch ms): live refreshes older than this are ignored. */
  asOf: number;
  target: { symbol: string; market: string; name: string };
  /** The symbol as shown (INR hides .NS/.BO). */
  display: string;
  quote: { price: number; change: number; changePercent: number; high: number; low: number };
  side: Side;
  /** Decimal string, e.g. "0.0003". */
  feeRate: string;
  /** The order form's starting values: from the URL (a "Change order" link, a step without JS) or the defaults. */
  form: { position: PositionType; quantity: string; lot: string | null } & FormTerms;
  /** The order types the provider offers for this symbol; null: none (a provider without them), market only. */
  orderTypes: OrderType[] | null;
  /** The symbol's order rules (`deal/rules`), null with no order types. */
  rules: {
    tickSize: string;
    validities: OrderValidity[];
    gtcDays: number;
    dayExpiresAt: string | null;
    gtcExpiresAt: string | null;
  } | null;
  /** A − or + press without JS that stopped at a bound: its warning on the quantity field. */
  stepWarning: string | null;
  lots: PositionFigures[];
  review: ReviewFigures | null;
  /** The order form's and the Confirm's native constraints (docs/decisions/0280-validation-loads-after-hydration.md). */
  constraint: { order: FormConstraint; confirm: FormConstraint };
}

/** What the order form and the review get from the page: its data and the last submit's answer. */
export interface StepProps {
  data: TradingPageData;
  /** The server's reply to the last submit (`submission.reply()`), if it was refused. */
  lastResult: ActionReply["result"] | undefined;
  /** With JS: a submit the network lost before it reached the server ("offline") or on the way back ("unknown"). */
  clientFailure: "offline" | "unknown" | null;
}
