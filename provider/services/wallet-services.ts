import type { Deployment } from "../config";
import type { DB } from "../db/database";
import { createBankCards } from "./bank-cards";
import { builtOnce } from "./built-once";
import { createFunds } from "./funds";
import { createKyc } from "./kyc";
import { createLoans } from "./loans";
import { createSecurity } from "./security";
import { createUploads } from "./uploads";

export interface WalletDeps {
  db: DB;
  now: () => Date;
  deployment: Deployment;
}

/** The wallet's services, built once per provider (the customer routes and the operator routes share them). */
export function createWalletServices(deps: WalletDeps) {
  return {
    funds: createFunds(deps),
    bankCards: createBankCards(deps),
    loans: createLoans(deps),
    kyc: createKyc(deps),
    uploads: createUploads(deps),
    security: createSecurity(deps),
  };
}
export type WalletServices = ReturnType<typeof createWalletServices>;

/** Built once per provider Services object. */
export const walletServicesFor: (s: WalletDeps) => WalletServices = builtOnce(createWalletServices);
