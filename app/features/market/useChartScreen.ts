import { useLoaderData } from "@remix-run/react";

import { useLiveChart, type ChartScreenData } from "~/components/chart/ChartScreen";

/** A chart screen's loader data (the stock chart, the trading view) and its live quote merged in. */
export function useChartScreen() {
  const data = useLoaderData<ChartScreenData>();
  return { data, ...useLiveChart(data) };
}
