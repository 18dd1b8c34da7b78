import fs from 'node:fs';
import type { FastifyReply } from 'fastify';
import type { Browser, BrowserContext } from 'playwright-core';
import type { DocumentFormat } from './invoice-document';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Prints HTML to PDF with Chromium through playwright-core (pdfkit, pdfmake and react-pdf render
 * Arabic wrongly). One browser is launched on first use and reused; where no Chromium is
 * installed, `print` answers null and the caller serves the printable HTML instead.
 */
export function createPdfPrinter(options: { chromiumPath: string | null }) {
  const executablePath = options.chromiumPath ?? '/usr/bin/chromium';
  let browser: Promise<{ browser: Browser; context: BrowserContext } | null> | null = null;

  /** One browser and one offline context (a context costs ~400 ms, a page ~150 ms here). */
  function launch(): Promise<{ browser: Browser; context: BrowserContext } | null> {
    browser ??= (async () => {
      if (!fs.existsSync(executablePath)) return null;
      try {
        const { chromium } = await import('playwright-core');
        const launched = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
        // A crashed browser is launched again on the next print.
        launched.on('disconnected', () => {
          browser = null;
        });
        // Offline: the page is self-contained (the logo is embedded), nothing is fetched.
        return { browser: launched, context: await launched.newContext({ offline: true }) };
      } catch (error) {
        console.error(`Chromium could not start (${executablePath}): ${(error as Error).message}; serving printable HTML.`);
        return null;
      }
    })();
    return browser;
  }

  return {
    async print(html: string, format: DocumentFormat): Promise<Buffer | null> {
      const running = await launch();
      if (!running) return null;
      const page = await running.context.newPage();
      try {
        await page.setContent(html, { waitUntil: 'load' });
        if (format === 'receipt') {
          // A receipt is as long as its content: measure it as printed, at the printer's width. The
          // page also holds the 4 mm top and bottom margins (about 30 px), plus some slack, or the
          // last lines (the balance due) spill onto a second page.
          await page.emulateMedia({ media: 'print' });
          await page.setViewportSize({ width: 302, height: 600 });
          const height = await page.evaluate('document.documentElement.scrollHeight');
          return await page.pdf({
            width: '80mm',
            height: `${Math.ceil(Number(height)) + 48}px`,
            printBackground: true,
            margin: { top: '4mm', bottom: '4mm', left: '4mm', right: '4mm' },
          });
        }
        return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
      } finally {
        await page.close();
      }
    },

    /** A payment receipt (docs/collectors.md): a roll of `widthMm` as long as its content, or A5 (`widthMm` null). */
    async printPaper(html: string, widthMm: number | null): Promise<Buffer | null> {
      const running = await launch();
      if (!running) return null;
      const page = await running.context.newPage();
      try {
        await page.setContent(html, { waitUntil: 'load' });
        if (widthMm === null) return await page.pdf({ format: 'A5', printBackground: true, preferCSSPageSize: true });
        await page.emulateMedia({ media: 'print' });
        await page.setViewportSize({ width: Math.round((widthMm * 96) / 25.4), height: 600 });
        const height = await page.evaluate('document.documentElement.scrollHeight');
        return await page.pdf({
          width: `${widthMm}mm`,
          height: `${Math.ceil(Number(height)) + 48}px`,
          printBackground: true,
          margin: { top: '3mm', bottom: '3mm', left: '3mm', right: '3mm' },
        });
      } finally {
        await page.close();
      }
    },

    async close(): Promise<void> {
      const running = browser ? await browser : null;
      browser = null;
      await running?.browser.close().catch(() => undefined);
    },
  };
}

export type PdfPrinter = ReturnType<typeof createPdfPrinter>;

/** The OpenAPI description of an A4 print route. */
export const PRINT_DESCRIPTION =
  'application/pdf (A4) printed by Chromium like the invoices; with ?output=html, or where no Chromium is installed, the printable text/html page itself. ?lang=ar|en or Accept-Language.';

/**
 * Answers a printed document: the PDF, or the printable HTML itself with `output=html` or where no
 * Chromium is installed; never cached, in the document's language. The one way every print route answers.
 */
export async function sendPrinted(
  reply: FastifyReply,
  printer: PdfPrinter,
  document: { html: string; filename: string; language: string; output: 'pdf' | 'html'; format?: DocumentFormat },
): Promise<FastifyReply> {
  const { html, filename, language, output, format = 'a4' } = document;
  const pdf = output === 'html' ? null : await printer.print(html, format);
  reply.header('cache-control', 'private, no-store').header('content-language', language);
  if (!pdf) return reply.type('text/html; charset=utf-8').header('content-disposition', `inline; filename="${filename}.html"`).send(html);
  return reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}.pdf"`).send(pdf);
}
