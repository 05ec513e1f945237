import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

/*
 * docs/ARCHITECTURE.md: a feature (app/features/<name>) holds one product area's pieces; features never import each
 * other (docs/decisions/0240-features-never-import-each-other.md). What two features share moves to
 * app/components/, app/utils/ or app/provider/, or the two become one feature.
 */
const features = path.dirname(fileURLToPath(import.meta.url));

/** "<from feature> -> <imported feature>" pairs still allowed. Empty: keep it that way. */
const ALLOWED: string[] = [];

/** Every module specifier of a source file: static imports and re-exports (`from`), side-effect and dynamic imports. */
const specifiers = (text: string) =>
  [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g)].map((match) => match[1]);

/** The feature a specifier in a file of `feature` points into, if it is another feature. */
function importedFeature(feature: string, dir: string, specifier: string): string | null {
  let target: string | null = null;
  if (specifier.startsWith("~/features/")) target = specifier.split("/")[2];
  else if (specifier.startsWith(".")) {
    const relative = path.relative(features, path.resolve(dir, specifier)).split(path.sep);
    if (relative[0] !== "..") target = relative[0];
  }
  return target && target !== feature ? target : null;
}

function crossImports() {
  const found: string[] = [];
  for (const feature of fs.readdirSync(features)) {
    const root = path.join(features, feature);
    if (!fs.statSync(root).isDirectory()) continue;
    for (const file of fs.readdirSync(root, { recursive: true, encoding: "utf8" })) {
      if (!/\.(ts|tsx)$/.test(file)) continue;
      const full = path.join(root, file);
      for (const specifier of specifiers(fs.readFileSync(full, "utf8"))) {
        const other = importedFeature(feature, path.dirname(full), specifier);
        if (other) found.push(`${feature} -> ${other} (${feature}/${file} imports "${specifier}")`);
      }
    }
  }
  return found;
}

describe("features", () => {
  it("never import another feature", () => {
    const offenders = crossImports().filter((line) => !ALLOWED.includes(line.split(" (")[0]));
    expect(offenders).toEqual([]);
  });

  it("the check sees an import of another feature, by alias or relative path, and not one of its own", () => {
    const chart = path.join(features, "chart");
    expect(importedFeature("chart", chart, "~/features/market/stock-quote.server")).toBe("market");
    expect(importedFeature("chart", chart, "../market/quote-meta")).toBe("market");
    expect(importedFeature("market", path.join(features, "market"), "./quote-meta")).toBeNull();
    expect(importedFeature("market", path.join(features, "market"), "~/components/chart/chartData")).toBeNull();
  });
});
