import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";

import { requireUser } from "~/session.server";
import type { PageHandle } from "~/utils/page";
import { resolveSupportTarget } from "~/utils/support.server";

export const handle: PageHandle = { titleKey: "support.title" };

/** Redirects to the provider's support link (absolute URL or app route); a page only when there is none. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const target = await resolveSupportTarget(request);
  if (target) throw redirect(target.url);
  return json(null, { status: 404 });
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
