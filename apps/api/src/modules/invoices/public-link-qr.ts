import QRCode from 'qrcode';
import { escapeHtml } from '../../lib/document-format';

/** A customer's public bill link as a document prints it: its QR code (inline SVG) and its address. */
export interface PublicLinkQr {
  url: string;
  qrSvg: string;
}

/** The QR code of a public bill link (docs/security.md, "The public bill link"); `data-url` names what it opens. */
export async function publicLinkQr(url: string): Promise<PublicLinkQr> {
  const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { url, qrSvg: `<svg data-url="${escapeHtml(url)}"${svg.trim().slice(4)}` };
}

/** The block every printed invoice and receipt ends with: the QR, what it is for, and the short link under it. */
export function publicLinkHtml(link: PublicLinkQr, words: string): string {
  const shortLink = link.url.replace(/^https?:\/\//, '');
  return `<div class="qr">${link.qrSvg}<div>${escapeHtml(words)}</div><div class="qr-link" dir="ltr">${escapeHtml(shortLink)}</div></div>`;
}

/** Its style, for a document's own `<style>` (the QR's width is the document's). */
export function publicLinkStyles(width: string): string {
  return `.qr { text-align: center; margin-top: 10px; break-inside: avoid; }
  .qr svg { width: ${width}; height: auto; }
  .qr div { font-size: 0.85em; color: #4b5563; }
  .qr .qr-link { font-family: monospace; color: #111827; }`;
}
