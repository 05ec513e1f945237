/**
 * Statement and tax-report files (docs/product.md#statements, docs/decisions/0462): a table written as CSV
 * (csv-stringify) or PDF (pdfkit, in fonts that write every language's text: docs/decisions/0510) while its rows are
 * still being read from the provider, a page at a time, so a long statement starts downloading at once and is never
 * held whole in memory.
 */
import { PassThrough, Readable } from "node:stream";

import { stringify } from "csv-stringify/sync";

import { NO_STORE } from "~/http/no-store";

import { canWrite, fontRuns, pdfFonts, type PdfFonts } from "./pdf-fonts.server";

export interface TableColumn {
  label: string;
  /** Share of the page's width. */
  width: number;
  align?: "left" | "right";
  /** An amount column: its heading names the currency, by its sign in the PDF and by its code in the CSV. */
  money?: boolean;
}

export interface TableFile {
  filename: string;
  columns: TableColumn[];
  /** The rows, a batch (a provider page) at a time. */
  rows: AsyncIterable<string[][]>;
  /** PDF only: the title and the lines under it (customer, ID, period, currency), and the notes after the table. */
  title: string;
  head: string[];
  notes?: string[];
  /** The amounts' currency: its code (INR) and its sign in the customer's language (₹). */
  currency: { code: string; sign: string };
}

const heading = (column: TableColumn, currency: string) =>
  column.money ? `${column.label} (${currency})` : column.label;

const headers = (type: string, filename: string) => ({
  "Content-Type": type,
  "Content-Disposition": `attachment; filename="${filename}"`,
  ...NO_STORE,
});

/** A web stream of `source`'s chunks, pulled as the client reads (the next page is asked for only then). */
function pull(source: AsyncIterator<string | Uint8Array>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await source.next();
      if (next.done) controller.close();
      else controller.enqueue(typeof next.value === "string" ? encoder.encode(next.value) : next.value);
    },
    async cancel() {
      await source.return?.();
    },
  });
}

export function csvResponse(file: TableFile): Response {
  async function* lines() {
    yield stringify([file.columns.map((c) => heading(c, file.currency.code))]);
    for await (const batch of file.rows) if (batch.length) yield stringify(batch);
  }
  return new Response(pull(lines()), { headers: headers("text/csv; charset=utf-8", file.filename) });
}

const MARGIN = 36;
const FONT_SIZE = 8;
const ROW = 12;
const HIGH_WATER = 256 * 1024;
/** Headings in the one embedded face, drawn filled and outlined (a second, bold CJK file would be 20 MB more). */
const BOLD_OUTLINE = 0.3;

type Draw = (
  text: string,
  x: number,
  y: number,
  options: { size: number; width: number; align: "left" | "right"; bold?: boolean },
) => void;

/**
 * One line of text in a cell, never wrapped. With the embedded fonts: each run in the font that has its glyphs
 * (docs/decisions/0510), placed one after another on the main font's baseline, a right-aligned cell's runs ending
 * at its right edge.
 */
function drawer(doc: PDFKit.PDFDocument, fonts: PdfFonts | null): Draw {
  if (!fonts) {
    return (text, x, y, { size, width, align, bold }) => {
      doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(size);
      doc.text(text, x, y, { width, align, lineBreak: false, height: ROW });
    };
  }
  doc.registerFont("main", fonts.main as unknown as ArrayBuffer);
  doc.registerFont("fallback", fonts.fallback as unknown as ArrayBuffer);
  const ascent = fonts.main.ascent / fonts.main.unitsPerEm;
  return (text, x, y, { size, width, align, bold }) => {
    const runs = fontRuns(text, fonts);
    doc.fontSize(size);
    const paint = { lineBreak: false, height: ROW, fill: true, stroke: bold === true };
    doc.lineWidth(BOLD_OUTLINE);
    if (runs.length === 1 && !runs[0].fallback) {
      doc.font("main").text(text, x, y, { ...paint, width, align });
      return;
    }
    const widths = runs.map((run) => doc.font(run.fallback ? "fallback" : "main").widthOfString(run.text));
    let at = align === "right" ? x + width - widths.reduce((a, b) => a + b, 0) : x;
    runs.forEach((run, i) => {
      doc.font(run.fallback ? "fallback" : "main").text(run.text, at, y, { ...paint, baseline: -ascent * size });
      at += widths[i];
    });
  };
}

/**
 * The table as an A4 landscape PDF. Its text is in the fonts of pdf-fonts.server.ts (Latin, Chinese, ₹), embedded as
 * subsets of the glyphs used; without them in the built-in Helvetica. Each finished page is sent as it is written;
 * pdfkit is fed the next batch only when the client has read what came before.
 */
export async function pdfResponse(file: TableFile): Promise<Response> {
  // pdfkit and the fonts load with the first PDF, not with the server (docs/decisions/0570).
  const [{ default: PDFDocument }, fonts] = await Promise.all([import("pdfkit"), pdfFonts()]);
  // No layout cache: pdfkit's keeps every distinct word of the document (memory growing with its lines), and the
  // embedded fonts' layout is a character-map lookup anyway (docs/decisions/0510).
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: MARGIN,
    bufferPages: false,
    fontLayoutCache: false,
  });
  const out = new PassThrough();
  doc.pipe(out);
  const draw = drawer(doc, fonts);
  const sign = canWrite(file.currency.sign, fonts) ? file.currency.sign : file.currency.code;
  const headings = file.columns.map((c) => heading(c, sign));
  const width = doc.page.width - 2 * MARGIN;
  const xs: number[] = [];
  file.columns.reduce((x, c) => (xs.push(x), x + c.width * width), MARGIN);
  const line = (cells: string[], bold = false) => {
    if (doc.y + ROW > doc.page.height - MARGIN) {
      doc.addPage();
      line(headings, true);
    }
    const y = doc.y;
    cells.forEach((cell, i) => {
      const c = file.columns[i];
      draw(cell, xs[i], y, { size: FONT_SIZE, width: c.width * width - 4, align: c.align ?? "left", bold });
    });
    doc.x = MARGIN;
    doc.y = y + ROW;
  };
  /** Lines of their own above and below the table (title, customer, period, notes), wrapped when long. */
  const paragraph = (text: string, size: number, bold = false) => {
    doc.fontSize(size);
    if (!fonts) doc.font(bold ? "Helvetica-Bold" : "Helvetica").text(text, MARGIN, doc.y, { width });
    else if (fontRuns(text, fonts).some((run) => run.fallback)) {
      const y = doc.y;
      draw(text, MARGIN, y, { size, width, align: "left", bold });
      doc.x = MARGIN;
      doc.y = y + doc.currentLineHeight(true);
    } else doc.font("main").lineWidth(BOLD_OUTLINE).text(text, MARGIN, doc.y, { width, fill: true, stroke: bold });
  };

  async function write() {
    try {
      doc.y = MARGIN;
      paragraph(file.title, 14, true);
      for (const text of file.head) paragraph(text, 9);
      doc.moveDown();
      line(headings, true);
      await new Promise((r) => setImmediate(r));
      for await (const batch of file.rows) {
        for (const cells of batch) line(cells);
        // Let what is written reach the client before the next page of rows is read (memory stays flat): yield to
        // the event loop once, then wait while more than HIGH_WATER is still unread.
        await new Promise((r) => setImmediate(r));
        while (doc.readableLength + out.readableLength > HIGH_WATER) await new Promise((r) => setTimeout(r, 5));
      }
      doc.moveDown();
      for (const note of file.notes ?? []) paragraph(note, 9);
    } catch (error) {
      out.destroy(error as Error);
      return;
    }
    doc.end();
  }
  void write();
  return new Response(Readable.toWeb(out) as ReadableStream<Uint8Array>, {
    headers: headers("application/pdf", file.filename),
  });
}
