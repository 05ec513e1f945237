import type { Instrument } from "./source";
import type { InstrumentKind, MarketCode } from "../db/tables/instruments";

/** The seeded instrument universe. Reference prices are plausible late-2025 levels. */
export interface UniverseEntry {
  symbol: string;
  name: string;
  market: MarketCode;
  exchange: string;
  category: string;
  kind: InstrumentKind;
  ref: number;
  precision: number;
}

export const MARKET_NAMES: Record<MarketCode, string> = {
  IN: "India",
  MX: "Mexico",
  US: "United States",
  FOREX: "Forex",
  FUTURE: "Futures",
  CGI: "Treasury",
};

type Row = [symbol: string, name: string, exchange: string, category: string, ref: number, precision?: number];

function rows(market: MarketCode, kind: InstrumentKind, list: Row[], defaultPrecision = 2): UniverseEntry[] {
  return list.map(([symbol, name, exchange, category, ref, precision]) => ({
    symbol,
    name,
    market,
    exchange,
    category,
    kind,
    ref,
    precision: precision ?? defaultPrecision,
  }));
}

export const UNIVERSE: UniverseEntry[] = [
  ...rows("IN", "index", [
    ["^NSEI", "NIFTY 50", "NSE", "Index", 26000],
    ["^BSESN", "S&P BSE SENSEX", "BSE", "Index", 85000],
    ["^NSEBANK", "NIFTY BANK", "NSE", "Index", 58500],
  ]),
  ...rows("IN", "stock", [
    ["RELIANCE.NS", "Reliance Industries Ltd", "NSE", "Energy", 1450],
    ["TCS.NS", "Tata Consultancy Services Ltd", "NSE", "Technology", 3050],
    ["HDFCBANK.NS", "HDFC Bank Ltd", "NSE", "Financials", 990],
    ["INFY.NS", "Infosys Ltd", "NSE", "Technology", 1520],
    ["ICICIBANK.NS", "ICICI Bank Ltd", "NSE", "Financials", 1380],
    ["SBIN.NS", "State Bank of India", "NSE", "Financials", 930],
    ["BHARTIARTL.NS", "Bharti Airtel Ltd", "NSE", "Communication", 2050],
    ["ITC.NS", "ITC Ltd", "NSE", "Consumer Staples", 405],
    ["LT.NS", "Larsen & Toubro Ltd", "NSE", "Industrials", 3950],
    ["HINDUNILVR.NS", "Hindustan Unilever Ltd", "NSE", "Consumer Staples", 2450],
    ["KOTAKBANK.NS", "Kotak Mahindra Bank Ltd", "NSE", "Financials", 2100],
    ["AXISBANK.NS", "Axis Bank Ltd", "NSE", "Financials", 1220],
    ["BAJFINANCE.NS", "Bajaj Finance Ltd", "NSE", "Financials", 1030],
    ["MARUTI.NS", "Maruti Suzuki India Ltd", "NSE", "Consumer Discretionary", 15800],
    ["SUNPHARMA.NS", "Sun Pharmaceutical Industries Ltd", "NSE", "Health Care", 1750],
    ["TITAN.NS", "Titan Company Ltd", "NSE", "Consumer Discretionary", 3800],
    ["ASIANPAINT.NS", "Asian Paints Ltd", "NSE", "Materials", 2850],
    ["WIPRO.NS", "Wipro Ltd", "NSE", "Technology", 245],
    ["HCLTECH.NS", "HCL Technologies Ltd", "NSE", "Technology", 1600],
    ["ULTRACEMCO.NS", "UltraTech Cement Ltd", "NSE", "Materials", 11800],
    ["NTPC.NS", "NTPC Ltd", "NSE", "Utilities", 330],
    ["ONGC.NS", "Oil & Natural Gas Corporation Ltd", "NSE", "Energy", 250],
    ["POWERGRID.NS", "Power Grid Corporation of India Ltd", "NSE", "Utilities", 285],
    ["TATASTEEL.NS", "Tata Steel Ltd", "NSE", "Materials", 170],
    ["M&M.NS", "Mahindra & Mahindra Ltd", "NSE", "Consumer Discretionary", 3650],
    ["ADANIENT.NS", "Adani Enterprises Ltd", "NSE", "Industrials", 2400],
    ["TATAPOWER.BO", "Tata Power Company Ltd", "BSE", "Utilities", 390],
    ["IRCTC.BO", "Indian Railway Catering and Tourism Corporation Ltd", "BSE", "Industrials", 720],
    ["VEDL.BO", "Vedanta Ltd", "BSE", "Materials", 480],
    ["ETERNAL.BO", "Eternal Ltd", "BSE", "Consumer Discretionary", 310],
  ]),
  ...rows("MX", "index", [["^MXX", "S&P/BMV IPC", "BMV", "Index", 62000]]),
  ...rows("MX", "stock", [
    ["WALMEX.MX", "Wal-Mart de México, S.A.B. de C.V.", "BMV", "Consumer Staples", 58],
    ["AMXB.MX", "América Móvil, S.A.B. de C.V.", "BMV", "Communication", 19],
    ["GFNORTEO.MX", "Grupo Financiero Banorte, S.A.B. de C.V.", "BMV", "Financials", 170],
    ["CEMEXCPO.MX", "CEMEX, S.A.B. de C.V.", "BMV", "Materials", 17.5],
    ["FEMSAUBD.MX", "Fomento Económico Mexicano, S.A.B. de C.V.", "BMV", "Consumer Staples", 170],
    ["GMEXICOB.MX", "Grupo México, S.A.B. de C.V.", "BMV", "Materials", 150],
    ["BIMBOA.MX", "Grupo Bimbo, S.A.B. de C.V.", "BMV", "Consumer Staples", 60],
    ["GAPB.MX", "Grupo Aeroportuario del Pacífico, S.A.B. de C.V.", "BMV", "Industrials", 430],
    ["ASURB.MX", "Grupo Aeroportuario del Sureste, S.A.B. de C.V.", "BMV", "Industrials", 560],
    ["OMAB.MX", "Grupo Aeroportuario del Centro Norte, S.A.B. de C.V.", "BMV", "Industrials", 230],
    ["KOFUBL.MX", "Coca-Cola FEMSA, S.A.B. de C.V.", "BMV", "Consumer Staples", 165],
    ["AC.MX", "Arca Continental, S.A.B. de C.V.", "BMV", "Consumer Staples", 190],
    ["GRUMAB.MX", "Gruma, S.A.B. de C.V.", "BMV", "Consumer Staples", 320],
    ["TLEVISACPO.MX", "Grupo Televisa, S.A.B.", "BMV", "Communication", 9],
    ["PE&OLES.MX", "Industrias Peñoles, S.A.B. de C.V.", "BMV", "Materials", 600],
    ["ORBIA.MX", "Orbia Advance Corporation, S.A.B. de C.V.", "BMV", "Materials", 18],
    ["KIMBERA.MX", "Kimberly-Clark de México, S.A.B. de C.V.", "BMV", "Consumer Staples", 36],
  ]),
  ...rows("US", "index", [
    ["^GSPC", "S&P 500", "SNP", "Index", 6700],
    ["^DJI", "Dow Jones Industrial Average", "DJI", "Index", 46500],
    ["^IXIC", "NASDAQ Composite", "NASDAQ", "Index", 22800],
  ]),
  ...rows("US", "stock", [
    ["AAPL", "Apple Inc.", "NASDAQ", "Technology", 270],
    ["MSFT", "Microsoft Corporation", "NASDAQ", "Technology", 480],
    ["NVDA", "NVIDIA Corporation", "NASDAQ", "Technology", 180],
    ["AMZN", "Amazon.com, Inc.", "NASDAQ", "Consumer Discretionary", 225],
    ["GOOGL", "Alphabet Inc.", "NASDAQ", "Communication", 290],
    ["META", "Meta Platforms, Inc.", "NASDAQ", "Communication", 600],
    ["TSLA", "Tesla, Inc.", "NASDAQ", "Consumer Discretionary", 400],
    ["AVGO", "Broadcom Inc.", "NASDAQ", "Technology", 340],
    ["NFLX", "Netflix, Inc.", "NASDAQ", "Communication", 110],
    ["COST", "Costco Wholesale Corporation", "NASDAQ", "Consumer Staples", 910],
    ["PEP", "PepsiCo, Inc.", "NASDAQ", "Consumer Staples", 148],
    ["JPM", "JPMorgan Chase & Co.", "NYSE", "Financials", 305],
    ["V", "Visa Inc.", "NYSE", "Financials", 335],
    ["MA", "Mastercard Incorporated", "NYSE", "Financials", 550],
    ["BAC", "Bank of America Corporation", "NYSE", "Financials", 52],
    ["UNH", "UnitedHealth Group Incorporated", "NYSE", "Health Care", 320],
    ["JNJ", "Johnson & Johnson", "NYSE", "Health Care", 200],
    ["XOM", "Exxon Mobil Corporation", "NYSE", "Energy", 117],
    ["WMT", "Walmart Inc.", "NYSE", "Consumer Staples", 105],
    ["PG", "The Procter & Gamble Company", "NYSE", "Consumer Staples", 148],
    ["HD", "The Home Depot, Inc.", "NYSE", "Consumer Discretionary", 350],
    ["KO", "The Coca-Cola Company", "NYSE", "Consumer Staples", 71],
    ["DIS", "The Walt Disney Company", "NYSE", "Communication", 110],
  ]),
  ...rows("FOREX", "forex", [
    ["EURUSD=X", "EUR/USD", "CCY", "Currency", 1.155, 5],
    ["GBPUSD=X", "GBP/USD", "CCY", "Currency", 1.31, 5],
    ["USDJPY=X", "USD/JPY", "CCY", "Currency", 156.5, 3],
    ["USDINR=X", "USD/INR", "CCY", "Currency", 89.2, 4],
    ["USDMXN=X", "USD/MXN", "CCY", "Currency", 18.4, 4],
    ["AUDUSD=X", "AUD/USD", "CCY", "Currency", 0.648, 5],
    ["USDCAD=X", "USD/CAD", "CCY", "Currency", 1.405, 5],
    ["USDCHF=X", "USD/CHF", "CCY", "Currency", 0.805, 5],
    ["NZDUSD=X", "NZD/USD", "CCY", "Currency", 0.562, 5],
    ["EURGBP=X", "EUR/GBP", "CCY", "Currency", 0.88, 5],
    ["EURJPY=X", "EUR/JPY", "CCY", "Currency", 181, 3],
    ["EURINR=X", "EUR/INR", "CCY", "Currency", 103, 4],
    ["GBPINR=X", "GBP/INR", "CCY", "Currency", 117, 4],
    ["EURMXN=X", "EUR/MXN", "CCY", "Currency", 21.3, 4],
    ["USDCNY=X", "USD/CNY", "CCY", "Currency", 7.11, 4],
    ["USDBRL=X", "USD/BRL", "CCY", "Currency", 5.33, 4],
  ]),
  ...rows("FUTURE", "future", [
    ["GC=F", "Gold", "COMEX", "Metals", 4080],
    ["SI=F", "Silver", "COMEX", "Metals", 50.5, 3],
    ["HG=F", "Copper", "COMEX", "Metals", 5.0, 4],
    ["CL=F", "Crude Oil WTI", "NYMEX", "Energy", 58.5],
    ["BZ=F", "Brent Crude Oil", "NYMEX", "Energy", 62.5],
    ["NG=F", "Natural Gas", "NYMEX", "Energy", 4.5, 3],
    ["ES=F", "E-mini S&P 500", "CME", "Equity Index", 6700],
    ["NQ=F", "E-mini Nasdaq 100", "CME", "Equity Index", 24500],
    ["YM=F", "E-mini Dow ($5)", "CBOT", "Equity Index", 46500, 0],
    ["ZC=F", "Corn", "CBOT", "Agriculture", 430],
  ]),
  ...rows("CGI", "bond", [
    ["^IRX", "13 Week Treasury Bill", "Cboe", "US Treasury", 3.8, 3],
    ["^FVX", "Treasury Yield 5 Years", "Cboe", "US Treasury", 3.6, 3],
    ["^TNX", "Treasury Yield 10 Years", "Cboe", "US Treasury", 4.1, 3],
    ["^TYX", "Treasury Yield 30 Years", "Cboe", "US Treasury", 4.7, 3],
    ["IN10YT=RR", "India 10-Year Government Bond Yield", "CCIL", "Government of India", 6.5, 3],
    ["MX10YT=RR", "Mexico 10-Year M Bono Yield", "Banxico", "Government of Mexico", 8.9, 3],
  ]),
];

/** The universe as the simulator's instruments, ids 1.. in order (plus `idOffset`): for tests without a database. */
export const universeInstruments = (idOffset = 0): Instrument[] =>
  UNIVERSE.map((u, i) => ({
    id: i + 1 + idOffset,
    symbol: u.symbol,
    name: u.name,
    market: u.market,
    exchangeName: u.exchange,
    marketName: u.market,
    category: u.category,
    kind: u.kind,
    referencePrice: u.ref,
    precision: u.precision,
  }));

/** Stock-market categories (one per listed stock market; their indices become the sub-index tabs). */
export const CATEGORIES: { code: string; name: string; market: MarketCode }[] = [
  { code: "IN", name: "India", market: "IN" },
  { code: "MX", name: "Mexico", market: "MX" },
  { code: "US", name: "United States", market: "US" },
];

/**
 * Fixed UTC offsets (minutes) that define each market's trading day. Daylight saving time is not modelled:
 * keeping the offset fixed makes every day boundary a pure arithmetic function of time.
 */
export const MARKET_UTC_OFFSET_MINUTES: Record<MarketCode, number> = {
  IN: 330, // Asia/Kolkata
  MX: -360, // America/Mexico_City (no DST since 2022)
  US: -300, // America/New_York, standard time
  FOREX: -300,
  FUTURE: -300,
  CGI: -300,
};
