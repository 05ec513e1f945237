import { describe, expect, it } from "vitest";

import { deploymentFor } from "~/deployment";

import { candidateSymbols } from "./stock-quote.server";

describe("codes to try for a stock code as the customer sees it (defect 14)", () => {
  const inr = deploymentFor("INR");
  const mxn = deploymentFor("MXN");

  it("INR: the code, then .NS, then .BO, in the Indian market or when the URL names none", () => {
    expect(candidateSymbols("RELIANCE", inr, "IN")).toEqual(["RELIANCE", "RELIANCE.NS", "RELIANCE.BO"]);
    expect(candidateSymbols("RELIANCE", inr, "in")).toEqual(["RELIANCE", "RELIANCE.NS", "RELIANCE.BO"]);
    expect(candidateSymbols("M&M", inr)).toEqual(["M&M", "M&M.NS", "M&M.BO"]);
  });

  it("leaves real symbols, indices and other markets alone", () => {
    expect(candidateSymbols("RELIANCE.NS", inr, "IN")).toEqual(["RELIANCE.NS"]);
    expect(candidateSymbols("tatapower.bo", inr, "IN")).toEqual(["tatapower.bo"]);
    expect(candidateSymbols("^NSEI", inr)).toEqual(["^NSEI"]);
    expect(candidateSymbols("AAPL", inr, "US")).toEqual(["AAPL"]);
  });

  it("MXN hides no suffix, so a code is only itself", () => {
    expect(candidateSymbols("WALMEX", mxn, "MX")).toEqual(["WALMEX"]);
    expect(candidateSymbols("WALMEX.MX", mxn)).toEqual(["WALMEX.MX"]);
  });
});
