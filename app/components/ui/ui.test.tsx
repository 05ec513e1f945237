import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { isBackSwipe } from "~/components/shell/BackSwipe";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { Field } from "~/components/ui/Field";
import { PriceChange } from "~/components/ui/PriceChange";
import { cutLabel } from "~/components/ui/Tabs";
import { TranslationsProvider } from "~/i18n-react";
import { resourcesFor } from "~/i18next.server";

const render = (node: JSX.Element, locale: "en" | "de" = "en") =>
  renderToStaticMarkup(
    <TranslationsProvider value={{ language: locale, resources: resourcesFor(locale) }}>{node}</TranslationsProvider>,
  );

describe("PriceChange", () => {
  it("up: green class, ▲ and a + sign, with a spoken direction", () => {
    const html = render(<PriceChange change={1.5} percent={0.42} />);
    expect(html).toContain("price-change--up");
    expect(html).toContain("▲");
    expect(html).toContain("+1.50 (+0.42%)");
    expect(html).toContain("Up 1.50 (0.42%)");
  });

  it("down: red class, ▼ and a real minus sign (U+2212), never colour alone", () => {
    const html = render(<PriceChange change={-2} percent={-1.234} />);
    expect(html).toContain("price-change--down");
    expect(html).toContain("▼");
    expect(html).toContain("\u22122.00 (\u22121.23%)");
    expect(html).toContain("Down 2.00 (1.23%)");
  });

  it("flat: neutral, no arrow, no sign", () => {
    const html = render(<PriceChange change={0} percent={0} />);
    expect(html).toContain("price-change--flat");
    expect(html).not.toMatch(/[▲▼+\u2212]/);
  });

  it("formats with the UI language (German decimal comma, 4 decimals for forex)", () => {
    const html = render(<PriceChange change={0.0012} decimals={4} />, "de");
    expect(html).toContain("+0,0012");
    expect(html).toContain("Gestiegen um");
  });
});

describe("Field", () => {
  it("ties label, hint and error to the input", () => {
    const html = renderToStaticMarkup(
      <Field label="Phone" hint="10 digits" errors={["Enter a valid 10-digit phone number"]} inputProps={{ id: "f-phone", name: "phone", required: true }} />,
    );
    expect(html).toContain('<label for="f-phone">Phone</label>');
    expect(html).toContain('aria-describedby="f-phone-hint f-phone-error"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('<p id="f-phone-error" class="field__error">Enter a valid 10-digit phone number</p>');
  });

  it("has no aria-invalid without an error", () => {
    const html = renderToStaticMarkup(<Field label="Phone" inputProps={{ id: "p", name: "phone" }} />);
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain("aria-describedby");
  });
});

describe("ErrorSummary", () => {
  it("says 'There is a problem' and links to each field", () => {
    const html = render(<ErrorSummary errors={[{ id: "register-phone", message: "Enter a valid 10-digit phone number" }]} />);
    expect(html).toContain("There is a problem");
    expect(html).toContain('<a href="#register-phone">Enter a valid 10-digit phone number</a>');
    expect(html).toContain('role="alert"');
  });

  it("renders nothing without errors", () => {
    expect(render(<ErrorSummary errors={[]} />)).toBe("");
  });
});

describe("cutLabel and back swipe", () => {
  it("cuts labels to 6 characters, Unicode-safe", () => {
    expect(cutLabel("Watchlists")).toBe("Watchl");
    expect(cutLabel("Home")).toBe("Home");
    expect(cutLabel("Beobachtungslisten")).toBe("Beobac");
    expect(cutLabel("😀😀😀😀😀😀😀")).toBe("😀😀😀😀😀😀");
  });

  it("recognises a back swipe: from within 40 px, more than 60 px, under 500 ms", () => {
    const start = { x: 10, y: 300, time: 0 };
    expect(isBackSwipe(start, { x: 80, y: 310, time: 300 })).toBe(true);
    expect(isBackSwipe({ ...start, x: 41 }, { x: 140, y: 300, time: 300 })).toBe(false);
    expect(isBackSwipe(start, { x: 70, y: 300, time: 300 })).toBe(false);
    expect(isBackSwipe(start, { x: 200, y: 300, time: 500 })).toBe(false);
    expect(isBackSwipe(start, { x: 90, y: 420, time: 200 })).toBe(false);
  });
});
