import type { Deployment } from "../config";
import type { DB } from "../db/database";
import {
  countBankCards,
  findBankCard,
  findLiveCardByNumber,
  insertBankCard,
  listBankCards,
  listPendingBankCards,
  lockBankCard,
  lockUserBankCard,
  updateBankCard,
} from "../db/repositories/bank-cards";
import { lockUser } from "../db/repositories/users";
import type { BankCard, BankCardStatus } from "../db/tables/bank-cards";
import { invalidInput, ProviderError } from "../errors";
import { leaveAlert } from "./alerts";
import type { SecondFactor, TwoFactorService } from "./two-factor";

/*
 * Bank cards (docs/decisions/0072): a new card waits for review (status 0); the operator approves (1) or rejects (2)
 * it; only status 1 can receive a withdrawal. An edit that changes anything sends the card back to review, so an
 * approved card's number cannot be swapped without a second look. Withdrawals keep their own copy of the card's
 * details, so editing a card never rewrites history.
 */

export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const MAX_BANK_CARDS = 10;

export interface BankCardInput {
  bank?: string;
  /** The contract names the card's bank "bank (type)" (docs/provider-api.md): `type` is accepted as an alias of `bank`. */
  type?: string;
  branch_bank?: string;
  bank_card?: string;
  bank_user?: string;
  ifsc?: string;
}

export function bankCardRow(c: BankCard) {
  return {
    id: c.id,
    bank: c.bank,
    type: c.bank,
    branch_bank: c.branch_bank,
    bank_card: c.bank_card,
    bank_user: c.bank_user,
    ifsc: c.ifsc,
    status: c.status,
    reason: c.reason,
    created_at: c.created_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
  };
}

/** Required fields per deployment: MXN bank, card number, cardholder; INR name, bank, IFSC and account number. */
export function normaliseBankCard(input: BankCardInput, deployment: Deployment) {
  const text = (v: string | undefined) => (v ?? "").trim().replace(/\s+/g, " ");
  const bank = text(input.bank) || text(input.type);
  const branchBank = text(input.branch_bank);
  const bankUser = text(input.bank_user);
  const bankCard = (input.bank_card ?? "").replace(/[\s-]/g, "");
  const ifsc = text(input.ifsc).toUpperCase();

  if (deployment === "INR" && !bankUser) throw invalidInput("bank_user", "required");
  if (!bank) throw invalidInput("bank", "required");
  if (deployment === "INR" && !ifsc) throw invalidInput("ifsc", "required");
  if (!bankCard) throw invalidInput("bank_card", "required");
  if (deployment === "MXN" && !bankUser) throw invalidInput("bank_user", "required");

  const [min, max] = deployment === "INR" ? [9, 18] : [10, 20];
  if (!/^\d+$/.test(bankCard) || bankCard.length < min || bankCard.length > max) {
    throw new ProviderError("bank_card_invalid", `${min} to ${max} digits`, "bank_card");
  }
  if (deployment === "INR" && !IFSC.test(ifsc)) {
    throw new ProviderError("ifsc_invalid", "4 letters, a zero, then 6 letters or digits (e.g. SBIN0000691)", "ifsc");
  }
  for (const [field, value] of [
    ["bank", bank],
    ["branch_bank", branchBank],
    ["bank_user", bankUser],
  ] as const) {
    if (value.length > 100) throw invalidInput(field, "at most 100 characters");
  }
  return {
    bank,
    branch_bank: branchBank,
    bank_card: bankCard,
    bank_user: bankUser,
    ifsc: deployment === "INR" ? ifsc : "",
  };
}

const cardAlert = (c: BankCard) => ({ bank: c.bank, last4: c.bank_card.slice(-4) });

export function createBankCards(deps: {
  db: DB;
  now: () => Date;
  deployment: Deployment;
  stepUp: TwoFactorService["stepUp"];
}) {
  const { db, now, deployment } = deps;

  async function list(userId: number, q: { status?: BankCardStatus } = {}) {
    return (await listBankCards(db, userId, q.status)).map(bankCardRow);
  }

  /** With two-factor on, `second` must bring a current code (docs/decisions/0271); leaves a `bank_card_added` alert. */
  async function add(userId: number, input: BankCardInput, second: SecondFactor) {
    const card = normaliseBankCard(input, deployment);
    await deps.stepUp(second);
    return db.transaction().execute(async (trx) => {
      await lockUser(trx, userId); // serialises a customer's card changes (limit and duplicate checks)
      if ((await countBankCards(trx, userId)) >= MAX_BANK_CARDS) {
        throw new ProviderError("too_many_cards", `at most ${MAX_BANK_CARDS} bank cards`);
      }
      if (await findLiveCardByNumber(trx, userId, card.bank_card)) {
        throw new ProviderError("bank_card_exists", "this card is already on the account", "bank_card");
      }
      const at = now();
      const row = await insertBankCard(trx, { user_id: userId, ...card, status: 0, created_at: at, updated_at: at });
      await leaveAlert(trx, userId, { code: "bank_card_added", params: cardAlert(row) }, at);
      return bankCardRow(row);
    });
  }

  /** As add; an edit that changes the card leaves a `bank_card_changed` alert. */
  async function edit(userId: number, input: BankCardInput & { id: number }, second: SecondFactor) {
    const card = normaliseBankCard(input, deployment);
    await deps.stepUp(second);
    return db.transaction().execute(async (trx) => {
      await lockUser(trx, userId);
      const current = await lockUserBankCard(trx, userId, input.id);
      if (!current) throw new ProviderError("not_found", "no such bank card", "id");
      const unchanged = (Object.keys(card) as (keyof typeof card)[]).every((k) => card[k] === current[k]);
      if (unchanged) return bankCardRow(current);
      if (await findLiveCardByNumber(trx, userId, card.bank_card, current.id)) {
        throw new ProviderError("bank_card_exists", "this card is already on the account", "bank_card");
      }
      const at = now();
      const row = await updateBankCard(trx, current.id, {
        ...card,
        status: 0,
        reason: null,
        reviewed_at: null,
        updated_at: at,
      });
      await leaveAlert(trx, userId, { code: "bank_card_changed", params: cardAlert(row) }, at);
      return bankCardRow(row);
    });
  }

  // ---- operator -------------------------------------------------------------------------------------------

  async function review(id: number, status: 1 | 2, reason?: string) {
    if (!(await findBankCard(db, id))) throw new ProviderError("not_found", "no such bank card", "id");
    return db.transaction().execute(async (trx) => {
      const card = await lockBankCard(trx, id);
      if (!card) throw new ProviderError("not_found", "no such bank card", "id");
      if (card.status !== 0)
        throw new ProviderError("already_processed", `bank card ${id} is not waiting for review`, "id");
      const at = now();
      return bankCardRow(
        await updateBankCard(trx, id, {
          status,
          reason: status === 2 ? reason || "Rejected" : null,
          reviewed_at: at,
          updated_at: at,
        }),
      );
    });
  }

  async function pending(limit = 100) {
    return (await listPendingBankCards(db, limit)).map((c) => ({ ...bankCardRow(c), user: c.user_phone }));
  }

  return {
    list,
    add,
    edit,
    approve: (id: number) => review(id, 1),
    reject: (id: number, reason?: string) => review(id, 2, reason),
    pending,
  };
}

export type BankCards = ReturnType<typeof createBankCards>;
