import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { InvoiceDetailsPage } from './invoice-details-page';
import { invoiceWith, SERVICES } from './invoice-test-data';

/**
 * The money dialogs come and go with the app's one dialog transition (docs/web.md, "Dialogs"): the
 * theme's fade at the spec's timings (in 600 ms, out 400 ms), and they stay on screen while fading
 * out (`KeptDialog`) instead of vanishing when the page lets go of them. None for "reduce motion".
 */
function renderDetails(invoice = invoiceWith()) {
  stubFetch((url) => {
    if (url === '/api/services/') return jsonResponse(200, SERVICES);
    if (url === '/api/services/1/invoices/42/') return jsonResponse(200, invoice);
    return undefined;
  });
  return renderWithProviders(<InvoiceDetailsPage />, { path: '/invoices/42', routePath: '/invoices/:invoiceId', role: 'admin' });
}

/** The box MUI's fade animates: the dialog's container (the backdrop fades with it). */
const fadingBoxOf = (dialog: HTMLElement) => dialog.closest<HTMLElement>('.MuiDialog-container')!;

/** Opens a dialog with its button, checks it fades in, cancels it and checks it fades out before it goes. */
async function expectFadeInAndOut(
  button: string | RegExp,
  title: string,
  { cancel = 'Cancel', enter = '600ms', exit = '400ms' }: { cancel?: string; enter?: string; exit?: string } = {},
) {
  await userEvent.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: title });
  const box = fadingBoxOf(dialog);
  expect(box.style.transition).toContain(`opacity ${enter}`);
  await userEvent.click(within(dialog).getByRole('button', { name: cancel }));
  if (exit !== '0ms') {
    // Closed, the dialog is still there while it fades out: the page kept it for its exit.
    expect(document.body.contains(box)).toBe(true);
    expect(box.style.transition).toContain(`opacity ${exit}`);
    expect(box.style.opacity).toBe('0');
  }
  await waitFor(() => expect(document.body.contains(box)).toBe(false));
}

describe('money dialogs’ transition', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fades each money dialog of the invoice in and out with the theme’s timings', async () => {
    renderDetails(invoiceWith({ amount_paid: '0.00', balance_due: '100.05', status: 'unpaid', payments: [] }));
    await expectFadeInAndOut('Mark as paid', 'Mark as paid');
    await expectFadeInAndOut('Partial payment', 'Record a partial payment');
    await expectFadeInAndOut('Credit note', 'Credit note');
    await expectFadeInAndOut('Cancel invoice', 'Cancel this invoice?', { cancel: 'Keep invoice' });
  });

  it('fades the reversal of a payment too', async () => {
    renderDetails();
    await expectFadeInAndOut(/Reverse the payment/, 'Reverse a payment');
  });

  it('opens and closes them without a fade when the system asks for less motion', async () => {
    const matchMedia = window.matchMedia.bind(window);
    vi.stubGlobal('matchMedia', (query: string) => {
      const list = matchMedia(query);
      if (!query.includes('prefers-reduced-motion')) return list;
      const ignore = () => undefined;
      return {
        matches: true,
        media: query,
        onchange: null,
        addEventListener: ignore,
        removeEventListener: ignore,
        addListener: ignore,
        removeListener: ignore,
        dispatchEvent: () => false,
      };
    });
    renderDetails();
    await expectFadeInAndOut('Mark as paid', 'Mark as paid', { enter: '0ms', exit: '0ms' });
  });
});
