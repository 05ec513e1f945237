/** Where the price-alert screens live (docs/product.md#price-alerts). */
import { withQuery } from "~/utils/hrefs";

export const alertsHref = () => "/alerts";
/** The new-alert form for one symbol (a page of its own: works without JavaScript); `back` where it returns. */
export const newAlertHref = (symbol: string, back?: string) =>
  withQuery("/alerts/new", { symbol, back: back === alertsHref() ? undefined : back });
export const editAlertHref = (id: number) => `/alerts/${id}/edit`;
/** The list with one alert's delete step open (the confirm page without JavaScript). */
export const deleteAlertHref = (id: number) => withQuery(alertsHref(), { confirm: "delete", id });
