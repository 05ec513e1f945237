import type { Insertable } from "kysely";

import type { DB } from "./database";
import { insertBlockOfferOnce } from "./repositories/block-trades";
import { countChatMessages, insertChatMessage } from "./repositories/chat-messages";
import { insertFundProductOnce } from "./repositories/fund-products";
import { insertIpoOnce } from "./repositories/ipos";
import { insertNewsOnce } from "./repositories/news";
import { findTransactionPassword, insertTransactionPassword } from "./repositories/transaction-passwords";
import { findUserByPhone } from "./repositories/users";
import type { BlockOffersTable } from "./tables/block-offers";
import type { FundProductsTable } from "./tables/fund-products";
import type { IposTable } from "./tables/ipos";
import { hashPassword } from "../services/passwords";

/*
 * Products for the demo (idempotent: every row has a slug, the demo customer's extras are added once). Windows are
 * relative to the first seeding. Nothing here moves money: the demo customer's balance stays the opening balance.
 */

/** The demo customer's transaction password (block/QIP purchases). */
export const DEMO_TRANSACTION_PASSWORD = "123456";

const DAY = 86_400_000;

/**
 * A demo row in its table's own columns, but for the timestamps (the seeding's) and the window's columns `W`, which
 * hold days from the first seeding.
 */
type DemoRow<T, W extends keyof T = never> = Omit<Insertable<T>, W | "created_at" | "updated_at"> & Record<W, number>;

/**
 * The block and QIP offers, each open over [opens_at, closes_at). `rate_required`: the offer takes the operator's
 * rate and has none yet (purchases answer rete_no).
 */
const OFFERS: DemoRow<BlockOffersTable, "opens_at" | "closes_at">[] = [
  {
    slug: "bulk-reliance",
    mold: "bulk",
    tag: "RELIANCE.NS",
    name: "Reliance Industries Ltd",
    market: "IN",
    price: "1398.00",
    min_count: 100,
    opens_at: -1,
    closes_at: 365,
  },
  {
    slug: "bulk-tcs",
    mold: "bulk",
    tag: "TCS.NS",
    name: "Tata Consultancy Services Ltd",
    market: "IN",
    price: "2960.50",
    min_count: 100,
    opens_at: -1,
    closes_at: 365,
  },
  {
    slug: "bulk-sbin",
    mold: "bulk",
    tag: "SBIN.NS",
    name: "State Bank of India",
    market: "IN",
    price: "905.00",
    min_count: 200,
    opens_at: 30,
    closes_at: 365,
  },
  {
    slug: "bulk-aapl",
    mold: "bulk",
    tag: "AAPL",
    name: "Apple Inc.",
    market: "US",
    price: "262.40",
    min_count: 100,
    opens_at: -1,
    closes_at: 365,
  },
  {
    slug: "bulk-msft",
    mold: "bulk",
    tag: "MSFT",
    name: "Microsoft Corporation",
    market: "US",
    price: "468.00",
    min_count: 100,
    opens_at: -1,
    closes_at: 365,
    rate_required: true,
  },
  {
    slug: "bulk-walmex",
    mold: "bulk",
    tag: "WALMEX.MX",
    name: "Wal-Mart de México, S.A.B. de C.V.",
    market: "MX",
    price: "56.20",
    min_count: 100,
    opens_at: -1,
    closes_at: 365,
  },
  {
    slug: "qip-infy",
    mold: "finalize",
    tag: "INFY.NS",
    name: "Infosys Ltd",
    market: "IN",
    price: "1475.00",
    min_count: 100,
    opens_at: -1,
    closes_at: 365,
  },
  {
    slug: "qip-hdfcbank",
    mold: "finalize",
    tag: "HDFCBANK.NS",
    name: "HDFC Bank Ltd",
    market: "IN",
    price: "962.25",
    min_count: 150,
    opens_at: -1,
    closes_at: 365,
  },
  {
    slug: "qip-nvda",
    mold: "finalize",
    tag: "NVDA",
    name: "NVIDIA Corporation",
    market: "US",
    price: "174.80",
    min_count: 100,
    opens_at: -1,
    closes_at: 365,
  },
  {
    slug: "qip-gfnorte",
    mold: "finalize",
    tag: "GFNORTEO.MX",
    name: "Grupo Financiero Banorte, S.A.B. de C.V.",
    market: "MX",
    price: "165.00",
    min_count: 100,
    opens_at: -1,
    closes_at: 365,
  },
];

const IPOS: DemoRow<IposTable, "issue_start_date" | "issue_end_date">[] = [
  {
    slug: "ipo-eternal",
    symbol: "ETERNAL.BO",
    company_name: "Eternal Ltd",
    market: "IN",
    status: "Forthcoming",
    issue_price: "295.00",
    min_count: 100,
    max_count: 1000,
    issue_start_date: -1,
    issue_end_date: 180,
  },
  {
    slug: "ipo-irctc",
    symbol: "IRCTC.BO",
    company_name: "Indian Railway Catering and Tourism Corporation Ltd",
    market: "IN",
    status: "Forthcoming",
    issue_price: "698.00",
    min_count: 100,
    max_count: 500,
    issue_start_date: -1,
    issue_end_date: 180,
  },
  {
    slug: "ipo-vedl",
    symbol: "VEDL.BO",
    company_name: "Vedanta Ltd",
    market: "IN",
    status: "Closed",
    issue_price: "455.00",
    min_count: 100,
    max_count: 800,
    issue_start_date: -30,
    issue_end_date: -5,
  },
  {
    slug: "ipo-tatapower",
    symbol: "TATAPOWER.BO",
    company_name: "Tata Power Company Ltd",
    market: "IN",
    status: "Listed",
    issue_price: "372.00",
    min_count: 100,
    max_count: 1000,
    issue_start_date: -60,
    issue_end_date: -40,
  },
  {
    slug: "ipo-nflx",
    symbol: "NFLX",
    company_name: "Netflix, Inc.",
    market: "US",
    status: "Forthcoming",
    issue_price: "104.00",
    min_count: 100,
    max_count: 600,
    issue_start_date: -1,
    issue_end_date: 180,
  },
  {
    slug: "ipo-gapb",
    symbol: "GAPB.MX",
    company_name: "Grupo Aeroportuario del Pacífico, S.A.B. de C.V.",
    market: "MX",
    status: "Forthcoming",
    issue_price: "415.00",
    min_count: 100,
    max_count: 1000,
    issue_start_date: -1,
    issue_end_date: 180,
  },
  {
    slug: "ipo-omab",
    symbol: "OMAB.MX",
    company_name: "Grupo Aeroportuario del Centro Norte, S.A.B. de C.V.",
    market: "MX",
    status: "Listed",
    issue_price: "220.00",
    min_count: 100,
    max_count: 500,
    issue_start_date: -60,
    issue_end_date: -40,
  },
];

const FUNDS: DemoRow<FundProductsTable>[] = [
  {
    slug: "fund-liquid-14",
    name: "Liquid Plus 14-Day Fund",
    min_return: "1.00",
    max_return: "1.50",
    investment_period: 14,
    amount: "5000.00",
    issue_amount: "5000000.00",
    sold_amount: "1250000.00",
  },
  {
    slug: "fund-income-90",
    name: "Short-Term Income Fund",
    min_return: "3.50",
    max_return: "4.50",
    investment_period: 90,
    amount: "10000.00",
    issue_amount: "20000000.00",
    sold_amount: "8400000.00",
  },
  {
    slug: "fund-balanced-180",
    name: "Balanced Advantage Fund",
    min_return: "6.00",
    max_return: "9.00",
    investment_period: 180,
    amount: "25000.00",
    issue_amount: "50000000.00",
    sold_amount: "12000000.00",
  },
  {
    slug: "fund-equity-365",
    name: "Bluechip Equity Fund",
    min_return: "10.00",
    max_return: "16.00",
    investment_period: 365,
    amount: "50000.00",
    issue_amount: "100000000.00",
    sold_amount: "61000000.00",
  },
  {
    slug: "fund-infra-720",
    name: "Infrastructure Opportunities Fund",
    min_return: "18.00",
    max_return: "26.00",
    investment_period: 720,
    amount: "100000.00",
    issue_amount: "10000000.00",
    sold_amount: "10000000.00",
  },
];

/**
 * An article whose HTML carries a script and an inline handler: the provider stores articles as given, and this one
 * proves that the app sanitises them (the headline and the paragraphs must show, the script must not run).
 */
export const UNSAFE_NEWS = {
  slug: "markets-weekly-wrap-2026-11",
  title: "Weekly wrap: banks and IT lead, metals lag",
  subhead: "A calm week for Indian equities ahead of the inflation print.",
  created_at: "2026-11-15T12:00:00Z",
  content:
    "<p>Indian shares ended the week modestly higher, with private banks and IT services doing most of the lifting.</p>" +
    '<script>document.body.dataset.pwned = "script"</script>' +
    '<img src="x" onerror="document.body.dataset.pwned = \'onerror\'" alt="Chart: sector performance">' +
    '<p>Metal producers slipped as global prices eased. <a href="javascript:alert(1)">Read more</a></p>',
};

export async function seedProducts(db: DB, options: { demoUser: string; now: Date }) {
  const { now } = options;
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  await db.transaction().execute(async (trx) => {
    const stamped = { created_at: now, updated_at: now };
    for (const o of OFFERS) {
      await insertBlockOfferOnce(trx, { ...o, opens_at: at(o.opens_at), closes_at: at(o.closes_at), ...stamped });
    }
    for (const i of IPOS) {
      const dates = { issue_start_date: at(i.issue_start_date), issue_end_date: at(i.issue_end_date) };
      await insertIpoOnce(trx, { ...i, ...dates, ...stamped });
    }
    for (const f of FUNDS) await insertFundProductOnce(trx, { ...f, ...stamped });
    const published = new Date(UNSAFE_NEWS.created_at);
    await insertNewsOnce(trx, { ...UNSAFE_NEWS, img: "", created_at: published, updated_at: published });
  });

  const demo = await findUserByPhone(db, options.demoUser);
  if (!demo) return;
  if (!(await findTransactionPassword(db, demo.id))) {
    await insertTransactionPassword(db, demo.id, await hashPassword(DEMO_TRANSACTION_PASSWORD), now);
  }
  if ((await countChatMessages(db, demo.id)) === 0) {
    await insertChatMessage(db, {
      user_id: demo.id,
      sender: "customer",
      content: "Hello, how long does an IPO allotment usually take?",
      created_at: new Date(now.getTime() - 60 * 60_000),
    });
    await insertChatMessage(db, {
      user_id: demo.id,
      sender: "operator",
      content:
        "Hi! Allotment is usually decided within 3 working days after the subscription closes. Any money not allotted comes back to your wallet.",
      created_at: new Date(now.getTime() - 50 * 60_000),
    });
  }
}
