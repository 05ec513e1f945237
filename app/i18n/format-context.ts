/**
 * The formatting context of the page (locale + deployment), read from the root loader's data, so no route
 * loader re-sends them and no component builds its own (docs/decisions/0084-format-context-from-root.md).
 */
import { useRouteLoaderData } from "@remix-run/react";
import { useMemo } from "react";

import { deploymentFor } from "~/deployment";
import { DEFAULT_LOCALE } from "~/i18n/config";
import type { FormatContext } from "~/i18n/format";
import type { loader as rootLoader } from "~/root";

export function useFormat(): FormatContext {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const locale = data?.locale ?? DEFAULT_LOCALE;
  const code = data?.deployment.code;
  return useMemo(() => ({ locale, deployment: deploymentFor(code) }), [locale, code]);
}
