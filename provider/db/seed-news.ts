/** Seeded articles. Content is static, trusted HTML (no scripts, no inline handlers, no external resources). */
export const SEED_NEWS = [
  {
    slug: "rbi-holds-repo-rate-2026-11",
    title: "RBI keeps repo rate unchanged, signals room to ease if inflation stays soft",
    subhead: "The Monetary Policy Committee voted to hold the policy rate and kept a neutral stance.",
    created_at: "2026-11-16T05:30:00Z",
    content:
      "<p>The Reserve Bank of India left its benchmark repo rate unchanged on Friday, in line with most economists' expectations.</p>" +
      "<p>The governor said headline inflation had <strong>moderated for a third straight month</strong>, giving the committee room to support growth if the trend continues.</p>" +
      "<h2>What it means for markets</h2><ul><li>Banking stocks edged higher after the announcement.</li><li>The 10-year government bond yield was little changed.</li></ul>",
  },
  {
    slug: "nifty-record-close-2026-11",
    title: "NIFTY 50 ends at a record as IT and banking shares rally",
    subhead: "Foreign investors were net buyers for a fifth session.",
    created_at: "2026-11-17T10:45:00Z",
    content:
      "<p>India's NIFTY 50 index closed at a record high on Tuesday, led by gains in information technology and private-sector banks.</p>" +
      "<p>Analysts pointed to steady foreign inflows and better-than-expected quarterly earnings. <em>Mid-cap shares lagged the broader rally.</em></p>",
  },
  {
    slug: "banxico-rate-decision-2026-11",
    title: "Banxico trims its key rate by a quarter point",
    subhead: "Mexico's central bank cited slowing core inflation and a stable peso.",
    created_at: "2026-11-18T19:05:00Z",
    content:
      "<p>The Bank of Mexico cut its overnight interbank rate by 25 basis points, the latest step in an easing cycle that began last year.</p>" +
      "<p>The peso was steady against the dollar after the decision, and the S&amp;P/BMV IPC index rose 0.6%.</p>",
  },
  {
    slug: "gold-near-highs-2026-11",
    title: "Gold holds near record highs as the dollar softens",
    subhead: "Central-bank buying and lower yields continue to support bullion.",
    created_at: "2026-11-19T08:20:00Z",
    content:
      "<p>Gold futures traded close to all-time highs on Wednesday as the dollar slipped and Treasury yields eased.</p>" +
      "<blockquote>Demand from central banks remains the key pillar for the metal, one strategist said.</blockquote>",
  },
  {
    slug: "us-tech-earnings-2026-11",
    title: "Chipmakers lift Wall Street after strong data-centre demand",
    subhead: "The NASDAQ Composite gained more than 1% while the Dow was flat.",
    created_at: "2026-11-20T21:10:00Z",
    content:
      "<p>US stocks finished mostly higher, with semiconductor companies leading after an upbeat revenue forecast tied to data-centre spending.</p>" +
      "<p>Investors are watching next week's inflation data for clues on the Federal Reserve's next move.</p>",
  },
  {
    slug: "ipo-pipeline-2026-11",
    title: "Busy IPO pipeline: five companies set to open subscriptions next week",
    subhead: "Issues range from a consumer brand to a renewable-energy developer.",
    created_at: "2026-11-21T06:00:00Z",
    content:
      "<p>Five companies plan to open their initial public offerings next week, raising a combined amount that would make it one of the busiest weeks of the year.</p>" +
      "<p>Retail investors should read each offer document carefully: <strong>allotment is not guaranteed</strong> and listing prices can differ from the issue price.</p>",
  },
];
