import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { ScriptsAfterPaint } from "./scripts-after-paint";

// Decision 0261: the page's number and time formats are built while its modules load, not inside hydration.
describe("ScriptsAfterPaint's format warm-up", () => {
  it("builds the page's number format, its time format in the deployment's zone and its plural rules, after the scripts start", () => {
    const html = renderToStaticMarkup(
      <ScriptsAfterPaint nonce="abc" intl={{ tag: "en-IN", timeZone: "Asia/Kolkata" }} />,
    );
    expect(html).toContain('new I.NumberFormat("en-IN",{maximumFractionDigits:0})');
    expect(html).toContain('new I.DateTimeFormat("en-IN",{hour:"2-digit",minute:"2-digit",timeZone:"Asia/Kolkata"})');
    expect(html).toContain('new I.PluralRules("en-IN".split("-")[0])');
    expect(html.indexOf("d.body.appendChild(s);s.remove();")).toBeLessThan(html.indexOf("new I.NumberFormat"));
  });

  it("writes a tag that would close the script as an escape", () => {
    const html = renderToStaticMarkup(<ScriptsAfterPaint nonce="abc" intl={{ tag: "</script>", timeZone: "UTC" }} />);
    expect(html).not.toContain("</script><");
    expect(html).toContain('"\\u003c/script>"');
  });

  it("without formats, starts the scripts only", () => {
    expect(renderToStaticMarkup(<ScriptsAfterPaint nonce="abc" />)).not.toContain("Intl");
  });
});
