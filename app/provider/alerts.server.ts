/**
 * Typed client for price alerts (docs/provider-api.md "Price alerts", `alert/*`; docs/product.md#price-alerts).
 * A provider without them answers 404 `not_found` on the list: `listAlertsIfOffered` turns that into `null` and the
 * app shows no alert links or forms (docs/decisions/0450).
 */
import { callProvider, ProviderError, type ProviderContext } from "./core.server";

export type AlertCondition = "above" | "below" | "move";
export type AlertStatus = "active" | "paused" | "fired";

/** AlertRow: `price` for above/below, `percent` for move (the other null); prices at the instrument's `precision`. */
export interface AlertRow {
  id: number;
  tag: string;
  name: string;
  type: string | null;
  precision: number;
  condition: AlertCondition;
  price: number | null;
  percent: number | null;
  status: AlertStatus;
  created_at: string;
  updated_at: string;
  fired_at: string | null;
  fired_price: number | null;
}

/** A page of alerts: what comes with a stock's open orders (docs/decisions/0531). */
export interface AlertPage {
  rows: AlertRow[];
  count: number;
}

export interface AlertList extends AlertPage {
  /** The customer's active alerts (of any symbol). */
  active: number;
  max_active: number;
}

export interface AlertListQuery {
  status?: "all" | AlertStatus;
  tag?: string;
  page?: number;
  limit?: number;
}

/** What a form sends: decimal strings, exactly as typed (never a float). */
export interface AlertTerms {
  condition: AlertCondition;
  price?: string;
  percent?: string;
}

const ALERT_LIST = "/stock/success/alert/list";

export function listAlerts(ctx: ProviderContext, query: AlertListQuery = {}) {
  const params: Record<string, string | number> = { status: query.status ?? "all" };
  if (query.tag) params.tag = query.tag;
  if (query.page) params.page = query.page;
  if (query.limit) params.limit = query.limit;
  return callProvider<AlertList>(ctx, { path: ALERT_LIST, query: params });
}

/**
 * The list, or `null` when the provider has no alerts (HTTP 404 `not_found`; asked on every page, docs/decisions/0530).
 */
export async function listAlertsIfOffered(ctx: ProviderContext, query: AlertListQuery = {}): Promise<AlertList | null> {
  try {
    return await listAlerts(ctx, query);
  } catch (error) {
    if (error instanceof ProviderError && error.code === "not_found") return null;
    throw error;
  }
}

export function addAlert(ctx: ProviderContext, body: AlertTerms & { tag: string }) {
  return callProvider<AlertRow>(ctx, { path: "/stock/success/alert/add", method: "POST", body });
}

export function editAlert(ctx: ProviderContext, body: AlertTerms & { id: number }) {
  return callProvider<AlertRow>(ctx, { path: "/stock/success/alert/edit", method: "POST", body });
}

export function pauseAlert(ctx: ProviderContext, id: number) {
  return callProvider<AlertRow>(ctx, { path: "/stock/success/alert/pause", method: "POST", body: { id } });
}

export function resumeAlert(ctx: ProviderContext, id: number) {
  return callProvider<AlertRow>(ctx, { path: "/stock/success/alert/resume", method: "POST", body: { id } });
}

export function deleteAlert(ctx: ProviderContext, id: number) {
  return callProvider<{ id: number; deleted: true }>(ctx, {
    path: "/stock/success/alert/delete",
    method: "POST",
    body: { id },
  });
}
