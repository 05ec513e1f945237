/** The positions screen's tabs (SPEC §2 Trade): each maps to a provider market filter. Browser-safe. */
export const POSITION_TABS = ["stock", "forex", "futures", "treasury"] as const;
export type PositionTab = (typeof POSITION_TABS)[number];

export const TAB_MARKETS = { stock: "STOCK", forex: "FOREX", futures: "FUTURE", treasury: "CGI" } as const;

export function readPositionTab(value: unknown): PositionTab | null {
  return typeof value === "string" && (POSITION_TABS as readonly string[]).includes(value) ? (value as PositionTab) : null;
}

export function readPage(value: string | null): number {
  const page = Number.parseInt(value ?? "", 10);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The figures a live refresh repaints (GET /resources/positions). */
export interface PositionFigures {
  no: string;
  current_price: number;
  market_value: string;
  profit: string;
  profit_percent: number;
}

export interface PositionsPayload {
  asOf: number;
  rows: PositionFigures[];
  error?: string;
}

export function positionsResourceHref(tab: PositionTab, page: number): string {
  return `/resources/positions?${new URLSearchParams({ tab, page: String(page) })}`;
}
