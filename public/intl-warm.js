// The page's number format, its time format in the deployment's time zone and its plural rules, built once in a
// thread of their own while the page's modules load (docs/decisions/0303-formats-warmed-in-a-worker.md). A browser's
// first `Intl` object of each kind loads the locale's data (40-100 ms at full speed); Chromium keeps that data for the
// whole page process, so the page's own thread then builds its formatters in well under a millisecond.
/* global self */
self.onmessage = function (event) {
  var tag = event.data.tag;
  try {
    new Intl.NumberFormat(tag, { maximumFractionDigits: 0 }).format(1);
    new Intl.DateTimeFormat(tag, { hour: "2-digit", minute: "2-digit", timeZone: event.data.timeZone }).format(0);
    new Intl.PluralRules(tag.split("-")[0]).select(1);
  } catch {
    // An unknown tag or zone: the page's thread meets the same error where it formats, as it would without this.
  }
  self.close();
};
