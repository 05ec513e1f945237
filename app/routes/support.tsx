import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { attempt, logFailure } from "~/provider/failures.server";
import { getSupportLink, supportTarget } from "~/provider/support.server";
import type { PageHandle } from "~/utils/page";
import { requireUserContext } from "~/utils/request.server";

export const handle: PageHandle = { titleKey: "support.title" };

/**
 * The support button's address (docs/product.md#support, docs/decisions/0143): with the chat on, the chat;
 * otherwise the provider's support link (an absolute URL or an app route). A page only when there is none
 * (404) or the provider is not answering (503).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { provider } = await requireUserContext(request);
  const link = await attempt(getSupportLink(provider));
  if (!link.ok) logFailure("support", link.failure);
  const target = link.ok ? supportTarget(link.data) : null;
  if (target) throw redirect(target.url);
  return json(null, { status: !link.ok && link.failure.kind === "unavailable" ? 503 : 404 });
}

export default function SupportPage() {
  const { t } = useTranslation("common");
  return (
    <section aria-labelledby="support-title">
      <h1 id="support-title">{t("support.title")}</h1>
      <p>{t("support.unavailable")}</p>
      <p>
        <Link to="/" className="button button--secondary">
          {t("errors.home")}
        </Link>
      </p>
    </section>
  );
}
