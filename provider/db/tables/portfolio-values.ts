/** The portfolio's value at a day's close (docs/decisions/0463): money as numeric(20,2) decimal strings. */
export interface PortfolioValuesTable {
  user_id: number;
  /** The deployment's calendar day, `YYYY-MM-DD`. */
  day: string;
  cash: string;
  holdings: string;
  total: string;
  recorded_at: Date;
}
