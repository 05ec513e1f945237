/** The part of fontkit (pdfkit's own font reader) that app/features/trading/pdf-fonts.server.ts uses. */
declare module "fontkit" {
  export interface Glyph {
    id: number;
    advanceWidth: number;
    codePoints: number[];
  }
  export interface Font {
    postscriptName: string;
    ascent: number;
    unitsPerEm: number;
    glyphForCodePoint(codePoint: number): Glyph;
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  /** A font file's font; for a collection (.ttc), the one named `postscriptName`. */
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
