import type { Kysely, Transaction } from "kysely";
import type { UsersTable } from "./tables/users";
import type { SessionsTable } from "./tables/sessions";
import type { InvitationCodesTable } from "./tables/invitation-codes";
import type { OneTimeCodesTable } from "./tables/one-time-codes";
import type { SmsOutboxTable } from "./tables/sms-outbox";
import type { BillsTable } from "./tables/bills";
import type { NewsTable } from "./tables/news";
import type { InstrumentsTable } from "./tables/instruments";
import type { CategoriesTable } from "./tables/categories";
import type { AuthAttemptsTable } from "./tables/auth-attempts";
import type { OrdersTable } from "./tables/orders";
import type { WatchlistTable } from "./tables/watchlist";
import type { IdempotencyKeysTable } from "./tables/idempotency-keys";
import type { ConfigTable } from "./tables/config";
import type { BankCardsTable } from "./tables/bank-cards";
import type { TransfersTable } from "./tables/transfers";
import type { LoansTable } from "./tables/loans";
import type { KycRecordsTable } from "./tables/kyc-records";
import type { UploadsTable } from "./tables/uploads";
import type { TransactionPasswordsTable } from "./tables/transaction-passwords";

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
}

export type DB = Kysely<Database>;
/** Repositories accept either the root handle or a transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;
