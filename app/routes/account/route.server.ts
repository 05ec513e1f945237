/**
 * /account's server half (docs/decisions/0201-route-shape.md): the loader reads the customer's profile and wallet,
 * the wallet settings and the newest positions of the chosen tab; the action is the eye toggle. route.tsx
 * re-exports `loader` and `action`.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";

import { TAB_MARKETS, readPositionTab } from "~/features/trading/positions.server";
import {
  balanceHidden,
  balanceHiddenCookie,
  parseBalanceVisibility,
} from "~/features/wallet/balance-visibility.server";
import { loadWalletSettings } from "~/features/wallet/settings.server";
import { NO_STORE } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { attempt, logFailure } from "~/provider/failures.server";
import { getPositions, positionFigures, type PortfolioTotals, type PositionFigures } from "~/provider/trading.server";
import { getUserInfo, uploadId, walletFigures, type WalletFigures } from "~/provider/wallet.server";
import { safeRedirect } from "~/session/session.server";
import { accountHref, kycImageHref, type PositionTab } from "~/utils/hrefs";
import { requireUserContext } from "~/utils/request.server";

/** docs/product.md#wallet: the newest three positions of each market. */
const HOLDINGS_ROWS = 3;

export interface AccountData {
  asOf: number;
  user: { name: string; no: string; avatar: string | null };
  /** null when the provider could not be read (the card says so and the live refresh keeps trying). */
  wallet: WalletFigures | null;
  hidden: boolean;
  convertRate: string;
  tab: PositionTab;
  holdings: { rows: PositionFigures[]; failed: boolean };
  /** The portfolio's profit and loss (docs/product.md#profit-and-loss); null when the provider could not say. */
  pnl: PortfolioTotals | null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "wallet");
  const tab = readPositionTab(new URL(request.url).searchParams.get("tab")) ?? "stock";
  // The portfolio's totals come with the holdings, in one provider call (docs/decisions/0480).
  const [info, settings, positions] = await Promise.all([
    attempt(getUserInfo(context.provider)),
    loadWalletSettings(context),
    attempt(getPositions(context.provider, { market: TAB_MARKETS[tab], page: 1, limit: HOLDINGS_ROWS, totals: true })),
  ]);
  if (!info.ok) logFailure("account", info.failure);
  if (!positions.ok) logFailure("account positions", positions.failure);
  const avatar = info.ok ? uploadId(info.data.img) : null;
  const data: AccountData = {
    asOf: Date.now(),
    user: {
      name: info.ok ? info.data.user : context.user.user,
      no: info.ok ? String(info.data.no) : context.user.no,
      avatar: avatar ? kycImageHref(avatar) : null,
    },
    wallet: info.ok ? walletFigures(info.data) : null,
    hidden: balanceHidden(request),
    convertRate: settings.convertRate,
    tab,
    holdings: positions.ok
      ? {
          rows: positions.data.rows.slice(0, HOLDINGS_ROWS).map((row) => positionFigures(row, context.deployment)),
          failed: false,
        }
      : { rows: [], failed: true },
    pnl: positions.ok ? (positions.data.totals ?? null) : null,
  };
  return json(data, { headers: NO_STORE });
}

/**
 * The eye toggle. A plain form post (no JS) carries `back` and is redirected there with the cookie set; the JS
 * fetcher leaves `back` out and gets `{ hidden }` with the same cookie, the page already showing the new state.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  await requireUserContext(request, "wallet");
  const formData = await request.formData();
  const submission = parseBalanceVisibility(formData);
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const hidden = submission.value.hidden === "1";
  const headers = { "Set-Cookie": balanceHiddenCookie(hidden) };
  const back = formData.get("back");
  if (typeof back === "string" && back) return redirect(safeRedirect(back, accountHref()), { headers });
  return json({ hidden }, { headers });
}
