import { readFileSync, readdirSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";

import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";

import { isBackSwipe } from "~/components/shell/back-swipe";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { Field } from "~/components/ui/Field";
import { DocumentStatusContext, useSubmissionFailed } from "~/components/ui/FormErrors";
import { priceChangeText } from "~/components/ui/PriceChange";
import { deploymentFor } from "~/deployment";
import { resourcesFor } from "~/i18n/i18next.server";
import { createPageI18n } from "~/i18n/instance";
import { NAV_LABELS } from "~/testing/nav-labels";

const render = (node: JSX.Element, locale: "en" | "de" = "en") =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createPageI18n({ locale, resources: resourcesFor(locale) })}>{node}</I18nextProvider>,
  );

// PriceChange renders inside the app's router (it reads the format context from the root data), so its words
// and figures are tested through priceChangeText, the function it renders.
describe("price change text", () => {
  const text = (change: number | null, percent: number | null, locale: "en" | "de" = "en", decimals = 2) =>
    priceChangeText(
      createPageI18n({ locale, resources: resourcesFor(locale) }).getFixedT(locale, "common"),
      { locale, deployment: deploymentFor("INR") },
      change,
      percent,
      decimals,
    );

  it("up: a + sign, with a spoken direction", () => {
    expect(text(1.5, 0.42)).toEqual({ direction: "up", visible: "+1.50 (+0.42%)", spoken: "Up 1.50 (0.42%)" });
  });

  it("down: a real minus sign (U+2212), never colour alone", () => {
    expect(text(-2, -1.234)).toEqual({
      direction: "down",
      visible: "\u22122.00 (\u22121.23%)",
      spoken: "Down 2.00 (1.23%)",
    });
  });

  it("flat: no sign", () => {
    expect(text(0, 0)).toMatchObject({ direction: "flat", visible: "0.00 (0.00%)" });
  });

  it("formats with the UI language (German decimal comma, 4 decimals for forex)", () => {
    const { visible, spoken } = text(0.0012, null, "de", 4);
    expect(visible).toBe("+0,0012");
    expect(spoken).toContain("Gestiegen um");
  });
});

describe("Field", () => {
  it("ties label, hint and error to the input", () => {
    const html = renderToStaticMarkup(
      <Field
        label="Phone"
        hint="10 digits"
        errors={["Enter a valid 10-digit phone number"]}
        inputProps={{ id: "f-phone", name: "phone", required: true }}
      />,
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
    const html = render(
      <ErrorSummary errors={[{ id: "register-phone", message: "Enter a valid 10-digit phone number" }]} />,
    );
    expect(html).toContain("There is a problem");
    expect(html).toContain('<a href="#register-phone">Enter a valid 10-digit phone number</a>');
    expect(html).toContain('role="alert"');
  });

  it("renders nothing without errors", () => {
    expect(render(<ErrorSummary errors={[]} />)).toBe("");
  });
});

describe("bottom bar labels and back swipe", () => {
  it("bottom-bar labels are whole words short enough for a fifth of a 360 px phone, in every locale", () => {
    expect(Object.keys(NAV_LABELS)).toEqual(["en", "zh", "de", "es"]);
    for (const [locale, labels] of Object.entries(NAV_LABELS)) {
      const nav = (resourcesFor(locale as "en").common as { nav: Record<string, string> }).nav;
      expect([nav.home, nav.markets, nav.watchlistsShort, nav.trade, nav.account], locale).toEqual(labels);
    }
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

describe("document title after a failed post", () => {
  function Probe() {
    return <>{useSubmissionFailed() ? "failed" : "fine"}</>;
  }
  it("is an error page when the server answers the document with 400, and only then", () => {
    const at = (status?: number) =>
      renderToStaticMarkup(
        <DocumentStatusContext.Provider value={status}>
          <Probe />
        </DocumentStatusContext.Provider>,
      );
    expect(at(400)).toBe("failed");
    expect(at(200)).toBe("fine");
    expect(at(404)).toBe("fine");
    expect(at(undefined)).toBe("fine");
  });
});

describe("imports", () => {
  const root = path.resolve(__dirname, "../../..");
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const declared = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)]);
  const builtins = new Set(builtinModules);
  function sources(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sources(full);
      return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
    });
  }
  const files = sources(path.join(root, "app")).map((file) => ({
    file: path.relative(root, file),
    text: readFileSync(file, "utf8"),
  }));
  const packageOf = (specifier: string) => {
    const parts = specifier.split("/");
    return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
  };

  it("use no router internals (UNSAFE_ exports)", () => {
    const unsafe = files.filter(({ text }) => /\bUNSAFE_\w+/.test(text)).map(({ file }) => file);
    expect(unsafe).toEqual([]);
  });

  it("name only packages package.json declares (no phantom dependency such as react-router-dom)", () => {
    const undeclared: string[] = [];
    for (const { file, text } of files) {
      const statements = text.matchAll(/^\s*(?:import|export)\s+(?:[\w\s{},*$]*?\s)?(?:from\s+)?"([^"]+)"/gm);
      const dynamic = text.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g);
      for (const match of [...statements, ...dynamic]) {
        const specifier = match[1];
        if (specifier.startsWith(".") || specifier.startsWith("~/") || specifier.startsWith("node:")) continue;
        const name = packageOf(specifier);
        if (!declared.has(name) && !builtins.has(name)) undeclared.push(`${file}: ${specifier}`);
      }
    }
    expect(undeclared).toEqual([]);
  });
});
