import type { Kysely, Transaction } from "kysely";

import type { AuthAttemptsTable } from "./tables/auth-attempts";
import type { BankCardsTable } from "./tables/bank-cards";
import type { BillsTable } from "./tables/bills";
import type { BlockDealsTable } from "./tables/block-deals";
import type { BlockOffersTable } from "./tables/block-offers";
import type { CategoriesTable } from "./tables/categories";
import type { ChatMessagesTable } from "./tables/chat-messages";
import type { ConfigTable } from "./tables/config";
import type { FundOrdersTable } from "./tables/fund-orders";
import type { FundProductsTable } from "./tables/fund-products";
import type { IdempotencyKeysTable } from "./tables/idempotency-keys";
import type { InstrumentsTable } from "./tables/instruments";
import type { InvitationCodesTable } from "./tables/invitation-codes";
import type { IpoApplicationsTable } from "./tables/ipo-applications";
import type { IposTable } from "./tables/ipos";
import type { KycRecordsTable } from "./tables/kyc-records";
import type { LoansTable } from "./tables/loans";
import type { NewsTable } from "./tables/news";
import type { OneTimeCodesTable } from "./tables/one-time-codes";
import type { OrdersTable } from "./tables/orders";
import type { PortfolioValuesTable } from "./tables/portfolio-values";
import type { PriceAlertsTable } from "./tables/price-alerts";
import type { PricePathsTable } from "./tables/price-paths";
import type { SessionsTable } from "./tables/sessions";
import type { SmsOutboxTable } from "./tables/sms-outbox";
import type { TransactionPasswordsTable } from "./tables/transaction-passwords";
import type { TransfersTable } from "./tables/transfers";
import type {
  RecoveryCodesTable,
  TwoFactorChallengesTable,
  TwoFactorKeyTable,
  TwoFactorTable,
} from "./tables/two-factor";
import type { UploadsTable } from "./tables/uploads";
import type { UsersTable } from "./tables/users";
import type { WatchlistTable } from "./tables/watchlist";

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  invitation_codes: InvitationCodesTable;
  one_time_codes: OneTimeCodesTable;
  sms_outbox: SmsOutboxTable;
  bills: BillsTable;
  news: NewsTable;
  instruments: InstrumentsTable;
  categories: CategoriesTable;
  auth_attempts: AuthAttemptsTable;
  orders: OrdersTable;
  watchlist: WatchlistTable;
  idempotency_keys: IdempotencyKeysTable;
  config: ConfigTable;
  bank_cards: BankCardsTable;
  transfers: TransfersTable;
  loans: LoansTable;
  kyc_records: KycRecordsTable;
  uploads: UploadsTable;
  transaction_passwords: TransactionPasswordsTable;
  block_offers: BlockOffersTable;
  block_deals: BlockDealsTable;
  ipos: IposTable;
  ipo_applications: IpoApplicationsTable;
  fund_products: FundProductsTable;
  fund_orders: FundOrdersTable;
  chat_messages: ChatMessagesTable;
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  price_alerts: PriceAlertsTable;
  portfolio_values: PortfolioValuesTable;
  price_paths: PricePathsTable;
  two_factor_key: TwoFactorKeyTable;
}

export type DB = Kysely<Database>;
/** Repositories accept either the root handle or a transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;
