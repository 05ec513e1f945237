/**
 * Statement and tax-report files (docs/product.md#statements, docs/decisions/0462): a table written as CSV
 * (csv-stringify) or PDF (pdfkit) while its rows are still being read from the provider, a page at a time, so a long
 * statement starts downloading at once and is never held whole in memory.
 */
import { PassThrough, Readable } from "node:stream";

import { stringify } from "csv-stringify/sync";
import PDFDocument from "pdfkit";

import { NO_STORE } from "~/http/no-store";

export interface TableColumn {
  label: string;
  /** Share of the page's width. */
  width: number;
  align?: "left" | "right";
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
}

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
    yield stringify([file.columns.map((c) => c.label)]);
    for await (const batch of file.rows) if (batch.length) yield stringify(batch);
  }
  return new Response(pull(lines()), { headers: headers("text/csv; charset=utf-8", file.filename) });
}

const MARGIN = 36;
const FONT_SIZE = 8;
const ROW = 12;
const HIGH_WATER = 256 * 1024;

/**
 * The table as an A4 landscape PDF in the standard Helvetica (no font file to ship; it covers the Latin scripts of
 * en, de and es, so amounts are written with the currency's code, not its sign). Each finished page is sent as it is
 * written; pdfkit is fed the next batch only when the client has read what came before.
 */
export function pdfResponse(file: TableFile): Response {
  const doc = new PDFDocument({ size: "A4", layout: "landscape", margin: MARGIN, bufferPages: false });
  const out = new PassThrough();
  doc.pipe(out);
  const width = doc.page.width - 2 * MARGIN;
  const xs: number[] = [];
  file.columns.reduce((x, c) => (xs.push(x), x + c.width * width), MARGIN);
  const line = (cells: string[], bold = false) => {
    if (doc.y + ROW > doc.page.height - MARGIN) {
      doc.addPage();
      line(
        file.columns.map((c) => c.label),
        true,
      );
    }
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(FONT_SIZE);
    cells.forEach((cell, i) => {
      const c = file.columns[i];
      doc.text(cell, xs[i], y, { width: c.width * width - 4, align: c.align ?? "left", lineBreak: false, height: ROW });
    });
    doc.x = MARGIN;
    doc.y = y + ROW;
  };

  async function write() {
    try {
      doc.font("Helvetica-Bold").fontSize(14).text(file.title, MARGIN, MARGIN);
      doc.font("Helvetica").fontSize(9);
      for (const text of file.head) doc.text(text);
      doc.moveDown();
      line(
        file.columns.map((c) => c.label),
        true,
      );
      await new Promise((r) => setImmediate(r));
      for await (const batch of file.rows) {
        for (const cells of batch) line(cells);
        // Let what is written reach the client before the next page of rows is read (memory stays flat): yield to
        // the event loop once, then wait while more than HIGH_WATER is still unread.
        await new Promise((r) => setImmediate(r));
        while (doc.readableLength + out.readableLength > HIGH_WATER) await new Promise((r) => setTimeout(r, 5));
      }
      doc.moveDown();
      doc.font("Helvetica").fontSize(9);
      for (const note of file.notes ?? []) doc.text(note, MARGIN, doc.y, { width });
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
