import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { ScriptsAfterPaint } from "./scripts-after-paint";

// Decision 0303: the page's number and time formats are built in a worker while its modules load, not on the page's thread.
describe("ScriptsAfterPaint's format warm-up", () => {
  it("starts the formats' worker with the page's tag and the deployment's zone, after the scripts start", () => {
    const html = renderToStaticMarkup(
      <ScriptsAfterPaint nonce="abc" intl={{ tag: "en-IN", timeZone: "Asia/Kolkata" }} />,
    );
    expect(html).toContain(
      'try{new Worker("/intl-warm.js").postMessage({"tag":"en-IN","timeZone":"Asia/Kolkata"})}catch(e){}',
    );
    expect(html.indexOf("d.body.appendChild(s);s.remove();")).toBeLessThan(html.indexOf("new Worker"));
  });

  it("writes a tag that would close the script as an escape", () => {
    const html = renderToStaticMarkup(<ScriptsAfterPaint nonce="abc" intl={{ tag: "</script>", timeZone: "UTC" }} />);
    expect(html).not.toContain("</script><");
    expect(html).toContain('"\\u003c/script>"');
  });

  it("without formats, starts the scripts only", () => {
    expect(renderToStaticMarkup(<ScriptsAfterPaint nonce="abc" />)).not.toContain("Worker");
  });
});
