/**
 * The fonts a statement or tax-report PDF is written in (docs/decisions/0510-pdf-fonts.md): Noto Sans CJK SC for
 * Latin and Chinese text, DejaVu Sans for what it lacks (the rupee sign ₹), both Debian's packages (fonts-noto-cjk,
 * fonts-dejavu-core; the Dockerfile and scripts/test-all.sh install them). pdfkit embeds only the glyphs a document
 * uses. Without the files, the PDF falls back to the built-in Helvetica (Latin text, currency codes) and says so in
 * the log once.
 */
import { readFileSync } from "node:fs";

import type * as fontkit from "fontkit";
import { LRUCache } from "lru-cache";

/** Debian's paths; the CJK file is a collection, the Simplified Chinese face is picked by its PostScript name. */
export const PDF_FONT_FILES = {
  cjk: { path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", face: "NotoSansCJKsc-Regular" },
  fallback: { path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", face: undefined },
} as const;

export interface PdfFonts {
  /** Latin and CJK text. */
  main: fontkit.Font;
  /** For characters `main` has no glyph for (₹). */
  fallback: fontkit.Font;
}

/**
 * A font whose `layout` maps each character to its glyph by the font's character map and advances by the glyph's
 * width, with no OpenType shaping: statement text (Latin, Chinese, digits) needs no ligatures or contextual forms,
 * and fontkit's shaping of a CJK font costs ~0.5 ms per string on this host, 35 s for a 10,000-line statement
 * (decision 0510). pdfkit accepts any object with `layout` as a font; everything else is the fontkit font's own.
 */
function unshaped(font: fontkit.Font): fontkit.Font {
  const glyphs = new Map<number, fontkit.Glyph>();
  const layout = (text: string) => {
    const run: fontkit.Glyph[] = [];
    const positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[] = [];
    for (const char of text) {
      const codePoint = char.codePointAt(0)!;
      let glyph = glyphs.get(codePoint);
      if (!glyph) {
        glyph = font.glyphForCodePoint(codePoint);
        glyphs.set(codePoint, glyph);
      }
      run.push(glyph);
      positions.push({ xAdvance: glyph.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 });
    }
    // pdfkit scales the positions in place, then reads the run's width: a getter, as fontkit's own runs have.
    return {
      glyphs: run,
      positions,
      get advanceWidth() {
        return positions.reduce((sum, p) => sum + p.xAdvance, 0);
      },
    };
  };
  return new Proxy(font, { get: (target, key) => (key === "layout" ? layout : Reflect.get(target, key, target)) });
}

async function load(): Promise<PdfFonts | null> {
  // Loaded with the first PDF, not with the server: fontkit and its tables are ~20 MB of every process's memory
  // (docs/decisions/0570-pdf-libraries-load-with-the-first-pdf.md).
  const fontkit = await import("fontkit");
  try {
    const { cjk, fallback } = PDF_FONT_FILES;
    return {
      main: unshaped(fontkit.create(readFileSync(cjk.path), cjk.face)),
      fallback: unshaped(fontkit.create(readFileSync(fallback.path), fallback.face)),
    };
  } catch (error) {
    console.warn(
      `PDF fonts not found (${(error as Error).message}): statements are written in Helvetica, without Chinese ` +
        "or currency signs. Install Debian's fonts-noto-cjk and fonts-dejavu-core.",
    );
    return null;
  }
}

/**
 * The files are read on the first PDF and kept while PDFs are being made; ten minutes after the last one they are
 * let go (the CJK file is 19 MB).
 */
const kept = new LRUCache<"fonts", { fonts: Promise<PdfFonts | null> }>({
  max: 1,
  ttl: 10 * 60_000,
  ttlAutopurge: true,
  updateAgeOnGet: true,
});

export function pdfFonts(): Promise<PdfFonts | null> {
  let entry = kept.get("fonts");
  if (!entry) {
    entry = { fonts: load() };
    kept.set("fonts", entry);
  }
  return entry.fonts;
}

export type FontRun = { text: string; fallback: boolean };

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** `text` cut into runs by the font that has its glyphs: `main` where it can, `fallback` for the rest. */
export function fontRuns(text: string, fonts: PdfFonts): FontRun[] {
  if (PRINTABLE_ASCII.test(text)) return [{ text, fallback: false }];
  const runs: FontRun[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const fallback = !fonts.main.hasGlyphForCodePoint(codePoint) && fonts.fallback.hasGlyphForCodePoint(codePoint);
    const last = runs.at(-1);
    if (last && last.fallback === fallback) last.text += char;
    else runs.push({ text: char, fallback });
  }
  return runs;
}

/** Whether every character of `text` has a glyph in one of the fonts (a currency sign before it is used). */
export function canWrite(text: string, fonts: PdfFonts | null): boolean {
  if (!fonts) return PRINTABLE_ASCII.test(text);
  return [...text].every((char) => {
    const codePoint = char.codePointAt(0)!;
    return fonts.main.hasGlyphForCodePoint(codePoint) || fonts.fallback.hasGlyphForCodePoint(codePoint);
  });
}
