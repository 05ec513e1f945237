/**
 * For the tests: the review of a market buy of 2 AAPL at $257.74 on the INR deployment, as the loader makes it (the
 * failures test checks the loader gives it, the markup test renders it). $515.48 × 88.4681 = ₹45,603.54, plus the fee
 * on that, ₹13.68: as the provider converts (docs/decisions/0145).
 */
export const AAPL_REVIEW = {
  terms: { orderType: "market" },
  preview: null,
  position: "half",
  quantity: 2,
  lot: null,
  price: 257.74,
  costPrice: null,
  estimate: { total: "515.48", fee: "0.15", net: "515.63", profit: null },
  conversion: { from: "USD", to: "INR", rate: "88.4681", source: "simulator:USDINR=X", at: "2026-11-23T04:30:00.000Z" },
  pair: "USDINR=X",
  walletAmount: "45617.22",
} as const;
