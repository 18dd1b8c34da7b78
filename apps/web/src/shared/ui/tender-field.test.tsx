import type { CurrencyTerms } from '@meterline/contract/currency-payments';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../lib/test-render';
import { NO_CASH, TenderField, tenderOf } from './tender-field';

/** USD billed, LBP as the second currency at 89,500 LBP for 1 USD, cash steps 0.05 USD and 1,000 LBP. */
const TWO: CurrencyTerms = {
  billingCurrency: 'USD',
  billingDecimals: 2,
  secondCurrency: 'LBP',
  secondDecimals: 0,
  rate: 89_500_000_000n,
  rateBase: 'USD',
  cashSteps: { USD: 5n, LBP: 1000n },
};
const ONE: CurrencyTerms = { ...TWO, secondCurrency: null, secondDecimals: null, rate: null };

function Harness({ terms, balance }: { terms: CurrencyTerms; balance: bigint }) {
  const { t } = useTranslation();
  const [cash, setCash] = useState(NO_CASH);
  return <TenderField terms={terms} balance={balance} value={cash} onChange={setCash} tender={tenderOf(terms, balance, cash, t)} />;
}

describe('the tender', () => {
  it('settles dollars and lira as they are typed and shows the change in both currencies', async () => {
    renderWithProviders(<Harness terms={TWO} balance={2500n} />);
    const field = screen.getByTestId('tender-field');
    expect(field).toHaveTextContent('The balance is $25.00 (LBP 2,238,000 in cash).');
    expect(field).toHaveTextContent('1 USD = 89,500 LBP');
    expect(screen.queryByTestId('tender-summary')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Amount in USD'), '20');
    expect(screen.getByTestId('tender-summary')).toHaveTextContent('Pays $20.00 of the balance.');
    expect(screen.queryByTestId('change-due')).not.toBeInTheDocument();
    // 900,000 LBP = 10.06 USD: 30.06 received, 5.06 back -> 5.05 USD or 452,870 -> 453,000 LBP.
    await userEvent.type(screen.getByLabelText('Amount in LBP'), '900000');
    const summary = screen.getByTestId('tender-summary');
    expect(summary).toHaveTextContent('Received: $30.06');
    expect(summary).toHaveTextContent('Pays $25.00 of the balance.');
    expect(within(summary).getByTestId('change-due')).toHaveTextContent('Change due: $5.05 or LBP 453,000');
  });

  it('reads in Arabic with the user’s digits, and refuses an amount its currency cannot hold', async () => {
    renderWithProviders(<Harness terms={TWO} balance={2500n} />, { language: 'ar' });
    await userEvent.type(screen.getByLabelText('المبلغ بـ USD'), '30');
    expect(screen.getByTestId('change-due')).toHaveTextContent(/الباقي للمشترك: .*٥٫٠٠.*أو.*٤٤٨٬٠٠٠/);
    await userEvent.type(screen.getByLabelText('المبلغ بـ LBP'), '1.5');
    expect(screen.getByLabelText('المبلغ بـ LBP')).toHaveAccessibleDescription('أدخل مبلغًا بلا منازل عشرية.');
    expect(screen.queryByTestId('tender-summary')).not.toBeInTheDocument();
  });

  it('is one field in the billing currency without a second currency', async () => {
    renderWithProviders(<Harness terms={ONE} balance={2500n} />);
    expect(screen.queryByLabelText('Amount in LBP')).not.toBeInTheDocument();
    expect(screen.getByTestId('tender-field')).toHaveTextContent('Amount handed over');
    await userEvent.type(screen.getByLabelText('Amount in USD'), '26');
    expect(screen.getByTestId('change-due')).toHaveTextContent('Change due: $1.00');
  });
});
