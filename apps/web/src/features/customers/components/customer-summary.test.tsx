import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18next, initI18n } from '../../../i18n/index';
import { SessionProvider } from '../../../shared/lib/session';
import { customer as testCustomer } from '../test-customer';
import { CustomerSummary } from './customer-summary';

function renderSummary(credit: string, balance: string) {
  return render(
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={new QueryClient()}>
        <SessionProvider initialState={{ isLoggedIn: false, isInitialized: true, user: null }}>
          <MemoryRouter>
            <CustomerSummary customer={{ ...testCustomer, credit, balance }} />
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('CustomerSummary', () => {
  it('shows the credit held beside the balance, in English and Arabic, and nothing without credit', async () => {
    initI18n('en');
    await i18next.changeLanguage('en');
    const { unmount } = renderSummary('15.00', '-15.00');
    expect(screen.getByText(/Credit held: .*15\.00\W*, applied to the next invoices/)).toBeTruthy();
    // A negative balance is said as credit, never as a bare minus.
    expect(screen.getByRole('region', { name: 'Balance' })).toHaveTextContent(/^Balance\$15\.00 credit/);
    unmount();
    await i18next.changeLanguage('ar');
    const arabic = renderSummary('15.00', '-15.00');
    expect(screen.getByText(/رصيد دائن محفوظ/)).toBeTruthy();
    arabic.unmount();
    await i18next.changeLanguage('en');
    renderSummary('0.00', '10.00');
    expect(screen.queryByText(/Credit held/)).toBeNull();
  });
});
