import type { DB } from "./database";
import { insertBlockOfferOnce } from "./repositories/block-trades";
import { countChatMessages, insertChatMessage } from "./repositories/chat-messages";
import { insertFundProductOnce } from "./repositories/fund-products";
import { insertIpoOnce } from "./repositories/ipos";
import { insertNewsOnce } from "./repositories/news";
import { findTransactionPassword, insertTransactionPassword } from "./repositories/transaction-passwords";
import { findUserByPhone } from "./repositories/users";
import type { BlockMold } from "./tables/block-offers";
import type { MarketCode } from "./tables/instruments";
import type { IpoStatus } from "./tables/ipos";
import { hashPassword } from "../services/passwords";

/*
 * Products for the demo (idempotent: every row has a slug, the demo customer's extras are added once). Windows are
 * relative to the first seeding. Nothing here moves money: the demo customer's balance stays the opening balance.
 */

/** The demo customer's transaction password (block/QIP purchases). */
export const DEMO_TRANSACTION_PASSWORD = "123456";

const DAY = 86_400_000;

const OFFERS: {
  slug: string;
  mold: BlockMold;
  tag: string;
  name: string;
  market: MarketCode;
  price: string;
  min: number;
  /** Days from the seeding: window [from, to). */
  from: number;
  to: number;
  /** "missing": the offer takes the operator's rate and has none yet (purchases answer rete_no). */
  rate?: "missing";
}[] = [
  {
    slug: "bulk-reliance",
    mold: "bulk",
    tag: "RELIANCE.NS",
    name: "Reliance Industries Ltd",
    market: "IN",
    price: "1398.00",
    min: 100,
    from: -1,
    to: 365,
  },
  {
    slug: "bulk-tcs",
    mold: "bulk",
    tag: "TCS.NS",
    name: "Tata Consultancy Services Ltd",
    market: "IN",
    price: "2960.50",
    min: 100,
    from: -1,
    to: 365,
  },
  {
    slug: "bulk-sbin",
    mold: "bulk",
    tag: "SBIN.NS",
    name: "State Bank of India",
    market: "IN",
    price: "905.00",
    min: 200,
    from: 30,
    to: 365,
  },
  {
    slug: "bulk-aapl",
    mold: "bulk",
    tag: "AAPL",
    name: "Apple Inc.",
    market: "US",
    price: "262.40",
    min: 100,
    from: -1,
    to: 365,
  },
  {
    slug: "bulk-msft",
    mold: "bulk",
    tag: "MSFT",
    name: "Microsoft Corporation",
    market: "US",
    price: "468.00",
    min: 100,
    from: -1,
    to: 365,
    rate: "missing",
  },
  {
    slug: "bulk-walmex",
    mold: "bulk",
    tag: "WALMEX.MX",
    name: "Wal-Mart de México, S.A.B. de C.V.",
    market: "MX",
    price: "56.20",
    min: 100,
    from: -1,
    to: 365,
  },
  {
    slug: "qip-infy",
    mold: "finalize",
    tag: "INFY.NS",
    name: "Infosys Ltd",
    market: "IN",
    price: "1475.00",
    min: 100,
    from: -1,
    to: 365,
  },
  {
    slug: "qip-hdfcbank",
    mold: "finalize",
    tag: "HDFCBANK.NS",
    name: "HDFC Bank Ltd",
    market: "IN",
    price: "962.25",
    min: 150,
    from: -1,
    to: 365,
  },
  {
    slug: "qip-nvda",
    mold: "finalize",
    tag: "NVDA",
    name: "NVIDIA Corporation",
    market: "US",
    price: "174.80",
    min: 100,
    from: -1,
    to: 365,
  },
  {
    slug: "qip-gfnorte",
    mold: "finalize",
    tag: "GFNORTEO.MX",
    name: "Grupo Financiero Banorte, S.A.B. de C.V.",
    market: "MX",
    price: "165.00",
    min: 100,
    from: -1,
    to: 365,
  },
];

const IPOS: {
  slug: string;
  symbol: string;
  company: string;
  market: MarketCode;
  status: IpoStatus;
  price: string;
  min: number;
  max: number;
  from: number;
  to: number;
}[] = [
  {
    slug: "ipo-eternal",
    symbol: "ETERNAL.BO",
    company: "Eternal Ltd",
    market: "IN",
    status: "Forthcoming",
    price: "295.00",
    min: 100,
    max: 1000,
    from: -1,
    to: 180,
  },
  {
    slug: "ipo-irctc",
    symbol: "IRCTC.BO",
    company: "Indian Railway Catering and Tourism Corporation Ltd",
    market: "IN",
    status: "Forthcoming",
    price: "698.00",
    min: 100,
    max: 500,
    from: -1,
    to: 180,
  },
  {
    slug: "ipo-vedl",
    symbol: "VEDL.BO",
    company: "Vedanta Ltd",
    market: "IN",
    status: "Closed",
    price: "455.00",
    min: 100,
    max: 800,
    from: -30,
    to: -5,
  },
  {
    slug: "ipo-tatapower",
    symbol: "TATAPOWER.BO",
    company: "Tata Power Company Ltd",
    market: "IN",
    status: "Listed",
    price: "372.00",
    min: 100,
    max: 1000,
    from: -60,
    to: -40,
  },
  {
    slug: "ipo-nflx",
    symbol: "NFLX",
    company: "Netflix, Inc.",
    market: "US",
    status: "Forthcoming",
    price: "104.00",
    min: 100,
    max: 600,
    from: -1,
    to: 180,
  },
  {
    slug: "ipo-gapb",
    symbol: "GAPB.MX",
    company: "Grupo Aeroportuario del Pacífico, S.A.B. de C.V.",
    market: "MX",
    status: "Forthcoming",
    price: "415.00",
    min: 100,
    max: 1000,
    from: -1,
    to: 180,
  },
  {
    slug: "ipo-omab",
    symbol: "OMAB.MX",
    company: "Grupo Aeroportuario del Centro Norte, S.A.B. de C.V.",
    market: "MX",
    status: "Listed",
    price: "220.00",
    min: 100,
    max: 500,
    from: -60,
    to: -40,
  },
];

const FUNDS = [
  {
    slug: "fund-liquid-14",
    name: "Liquid Plus 14-Day Fund",
    min: "1.00",
    max: "1.50",
    days: 14,
    amount: "5000.00",
    issue: "5000000.00",
    sold: "1250000.00",
  },
  {
    slug: "fund-income-90",
    name: "Short-Term Income Fund",
    min: "3.50",
    max: "4.50",
    days: 90,
    amount: "10000.00",
    issue: "20000000.00",
    sold: "8400000.00",
  },
  {
    slug: "fund-balanced-180",
    name: "Balanced Advantage Fund",
    min: "6.00",
    max: "9.00",
    days: 180,
    amount: "25000.00",
    issue: "50000000.00",
    sold: "12000000.00",
  },
  {
    slug: "fund-equity-365",
    name: "Bluechip Equity Fund",
    min: "10.00",
    max: "16.00",
    days: 365,
    amount: "50000.00",
    issue: "100000000.00",
    sold: "61000000.00",
  },
  {
    slug: "fund-infra-720",
    name: "Infrastructure Opportunities Fund",
    min: "18.00",
    max: "26.00",
    days: 720,
    amount: "100000.00",
    issue: "10000000.00",
    sold: "10000000.00",
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
    for (const o of OFFERS) {
      await insertBlockOfferOnce(trx, {
        slug: o.slug,
        mold: o.mold,
        tag: o.tag,
        name: o.name,
        market: o.market,
        price: o.price,
        min_count: o.min,
        opens_at: at(o.from),
        closes_at: at(o.to),
        rate_required: o.rate === "missing",
        exchange_rate: null,
        created_at: now,
        updated_at: now,
      });
    }
    for (const i of IPOS) {
      await insertIpoOnce(trx, {
        slug: i.slug,
        symbol: i.symbol,
        company_name: i.company,
        market: i.market,
        status: i.status,
        issue_price: i.price,
        min_count: i.min,
        max_count: i.max,
        issue_start_date: at(i.from),
        issue_end_date: at(i.to),
        created_at: now,
        updated_at: now,
      });
    }
    for (const f of FUNDS) {
      await insertFundProductOnce(trx, {
        slug: f.slug,
        name: f.name,
        min_return: f.min,
        max_return: f.max,
        investment_period: f.days,
        amount: f.amount,
        issue_amount: f.issue,
        sold_amount: f.sold,
        created_at: now,
        updated_at: now,
      });
    }
    const published = new Date(UNSAFE_NEWS.created_at);
    await insertNewsOnce(trx, {
      slug: UNSAFE_NEWS.slug,
      title: UNSAFE_NEWS.title,
      subhead: UNSAFE_NEWS.subhead,
      img: "",
      content: UNSAFE_NEWS.content,
      created_at: published,
      updated_at: published,
    });
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
