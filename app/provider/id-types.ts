/** The ID types the provider takes for real-name verification (docs/provider-api.md, Wallet), in the order offered. */
export const ID_TYPES = ["idCard", "driver", "passport", "other"] as const;
export type IdType = (typeof ID_TYPES)[number];
