import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import type { DocumentFormat } from './invoice-document';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * Prints HTML to PDF with Chromium through playwright-core (pdfkit, pdfmake and react-pdf render
 * Arabic wrongly). One browser is launched on first use and reused; where no Chromium is
 * installed, `print` answers null and the caller serves the printable HTML instead.
 */
export function createPdfPrinter(options: { chromiumPath: string | null }) {
  const executablePath = options.chromiumPath ?? '/usr/bin/chromium';
  let browser: Promise<Browser | null> | null = null;

  function launch(): Promise<Browser | null> {
    browser ??= (async () => {
      if (!fs.existsSync(executablePath)) return null;
      try {
        const { chromium } = await import('playwright-core');
        const launched = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
        // A crashed browser is launched again on the next print.
        launched.on('disconnected', () => {
          browser = null;
        });
        return launched;
      } catch (error) {
        console.error(`Chromium could not start (${executablePath}): ${(error as Error).message}; serving printable HTML.`);
        return null;
      }
    })();
    return browser;
  }

  return {
    async isAvailable(): Promise<boolean> {
      return (await launch()) !== null;
    },

    async print(html: string, format: DocumentFormat): Promise<Buffer | null> {
      const running = await launch();
      if (!running) return null;
      // Offline: the page is self-contained (the logo is embedded), nothing is fetched.
      const context = await running.newContext({ offline: true });
      try {
        const page = await context.newPage();
        await page.setContent(html, { waitUntil: 'load' });
        if (format === 'receipt') {
          // A receipt is as long as its content: measure it at the printer's width.
          await page.setViewportSize({ width: 302, height: 600 });
          const height = await page.evaluate('document.documentElement.scrollHeight');
          return await page.pdf({ width: '80mm', height: `${Math.ceil(Number(height)) + 24}px`, printBackground: true, margin: { top: '4mm', bottom: '4mm', left: '4mm', right: '4mm' } });
        }
        return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
      } finally {
        await context.close();
      }
    },

    async close(): Promise<void> {
      const running = browser ? await browser : null;
      browser = null;
      await running?.close().catch(() => undefined);
    },
  };
}

export type PdfPrinter = ReturnType<typeof createPdfPrinter>;
