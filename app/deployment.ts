/**
 * Deployment switches (docs/product.md#deployments): INR or MXN. Read on the server from DEPLOYMENT and passed to the browser
 * through the root loader, so both sides format the same way.
 */
export type DeploymentCode = "INR" | "MXN";

export interface Deployment {
  code: DeploymentCode;
  /** ISO 4217 code used with Intl.NumberFormat. */
  currency: "INR" | "MXN";
  /** BCP 47 region used for number formatting next to the UI language. */
  region: "IN" | "MX";
  /** The home-region market of the provider (`IN` or `MX`). */
  homeMarket: "IN" | "MX";
  /** Suffixes hidden from stock codes (INR: `.NS`, `.BO`). */
  hiddenSuffixes: string[];
  /** Whether home shows the latest news (hidden under INR). */
  showNewsOnHome: boolean;
  /** Bank-card fields shown for this deployment (docs/product.md#bank-cards). */
  bankCardFields: ("bank_user" | "bank" | "branch_bank" | "ifsc" | "bank_card")[];
  /**
   * Whether wallet amounts show an approximate value in US dollars at the configured `convert_rate` (wallet units per
   * US dollar; docs/product.md#currency): MXN yes (about 20 pesos to the dollar), INR no.
   */
  approximateUsd: boolean;
}

const DEPLOYMENTS: Record<DeploymentCode, Deployment> = {
  INR: {
    code: "INR",
    currency: "INR",
    region: "IN",
    homeMarket: "IN",
    hiddenSuffixes: [".NS", ".BO"],
    showNewsOnHome: false,
    bankCardFields: ["bank_user", "bank", "ifsc", "bank_card"],
    approximateUsd: false,
  },
  MXN: {
    code: "MXN",
    currency: "MXN",
    region: "MX",
    homeMarket: "MX",
    hiddenSuffixes: [],
    showNewsOnHome: true,
    bankCardFields: ["bank", "bank_card", "bank_user"],
    approximateUsd: true,
  },
};

export function deploymentFor(code: string | undefined | null): Deployment {
  const key = (code ?? "INR").toUpperCase();
  return key === "MXN" ? DEPLOYMENTS.MXN : DEPLOYMENTS.INR;
}

/** Strips the deployment's hidden exchange suffixes: `RELIANCE.NS` → `RELIANCE` under INR. */
export function displaySymbol(symbol: string, deployment: Deployment): string {
  for (const suffix of deployment.hiddenSuffixes) {
    if (symbol.toUpperCase().endsWith(suffix)) return symbol.slice(0, -suffix.length);
  }
  return symbol;
}
