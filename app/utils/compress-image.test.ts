import { describe, expect, it } from "vitest";

import { fitWithin, qualitySteps } from "./compress-image";

/* docs/product.md#real-name: at most 1200×1200, quality 0.8, then 0.8 × the quality while over 1 MB, floor 0.1. */
describe("photo preparation", () => {
  it("fits 1200×1200 keeping the proportions and never enlarges", () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1200, height: 900 });
    expect(fitWithin(1000, 2400)).toEqual({ width: 500, height: 1200 });
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
  });

  it("tries 0.8, then 0.8 times the quality, down to the 0.1 floor", () => {
    expect(qualitySteps()).toEqual([0.8, 0.64, 0.512, 0.4096, 0.3277, 0.2621, 0.2097, 0.1678, 0.1342, 0.1074, 0.1]);
  });
});
