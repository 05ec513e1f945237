import { supportLink } from "~/provider/account.server";
import { ProviderError, providerContext } from "~/provider/core.server";
import { safeRedirect } from "~/session.server";

export interface SupportTarget {
  url: string;
  external: boolean;
}

/** Classifies the provider's support link: an absolute http(s) URL, or an app route. */
export function classifySupportUrl(raw: string): SupportTarget | null {
  const value = raw.trim();
  if (/^https?:\/\//i.test(value)) {
    try {
      return { url: new URL(value).toString(), external: true };
    } catch {
      return null;
    }
  }
  if (!value) return null;
  const route = safeRedirect(value.startsWith("/") ? value : `/${value}`, "");
  return route ? { url: route, external: false } : null;
}

/** GET /stock/success/kefu → where support lives, or null when the provider has none. */
export async function resolveSupportTarget(request: Request): Promise<SupportTarget | null> {
  try {
    const reply = await supportLink(await providerContext(request));
    return classifySupportUrl(reply?.url ?? "");
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.warn(`[support] provider replied ${error.code}`);
    return null;
  }
}
