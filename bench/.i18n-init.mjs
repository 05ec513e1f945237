import { readFileSync } from "node:fs";
const t0 = performance.now();
const { default: i18next } = await import("i18next");
const t1 = performance.now();
const res = {};
for (const ns of ["common", "offline", "trade", "quotes"]) res[ns] = JSON.parse(readFileSync(`locales/en/${ns}.json`, "utf8"));
const opts = JSON.parse(process.argv[2] ?? "{}");
const t2 = performance.now();
const inst = i18next.createInstance();
inst.init({ lng: "en", fallbackLng: false, ns: Object.keys(res), defaultNS: "common", resources: { en: res }, interpolation: { escapeValue: false }, initImmediate: false, returnNull: false, react: { useSuspense: false }, ...opts });
const t3 = performance.now();
const t = inst.getFixedT(null, "trade");
let keys = 0;
for (const k of ["trading.buyHeading", "trading.review", "side.buy", "side.sell", "trading.sides", "common:nav.markets", "common:nav.home", "common:priceChange.up"]) { t(k, k.includes("priceChange") ? { value: "1" } : undefined); keys++; }
const t4 = performance.now();
console.log(`import ${(t1 - t0).toFixed(1)} ms, init ${(t3 - t2).toFixed(1)} ms, first ${keys} t() ${(t4 - t3).toFixed(1)} ms`, JSON.stringify(opts));
