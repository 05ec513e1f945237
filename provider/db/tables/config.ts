/** Operator-tunable settings served by GET /api/v2/config (values are text; numeric tags hold decimal strings). */
export interface ConfigTable {
  tag: string;
  value: string;
  updated_at: Date;
}
