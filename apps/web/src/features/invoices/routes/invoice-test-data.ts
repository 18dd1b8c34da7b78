import type { InvoiceDetail } from '@meterline/contract/invoices';
import type { Payment } from '@meterline/contract/payments';

/** An invoice of the details page's tests, paid in part: the page's and the credit notes' tests share it. */
export const SERVICES = [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }];

export const payment: Payment = {
  id: 7,
  invoice: 42,
  invoice_number: 'INV-2026-000042',
  customer: 3,
  customer_name: 'Nadia Daher',
  amount: '20.00',
  method: 'cash',
  reference: '',
  paid_at: '2026-11-02T10:00:00Z',
  received_by: 2,
  received_by_name: 'Rania Khoury',
  note: '',
  reason: '',
  reverses: null,
  tendered: null,
  received: null,
  change_due: null,
  exchange_rate: null,
  exchange_rate_base: null,
};

export function invoiceWith(overrides: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return {
    id: 42,
    number: 'INV-2026-000042',
    service: 1,
    customer: 3,
    customer_name: 'Nadia Daher',
    customer_code: 'C-000003',
    subscription: 3,
    period_start: '2026-10-01',
    period_end: '2026-10-31',
    issued_on: '2026-11-01',
    due_on: '2026-11-16',
    currency: 'USD',
    subtotal: '90.00',
    tax: '10.05',
    total: '100.05',
    amount_paid: '20.00',
    balance_due: '80.05',
    status: 'partially_paid',
    is_overdue: false,
    previous_reading: '1000.000',
    current_reading: '1241.334',
    consumption: '241.334',
    created_by: 2,
    notes: '',
    cancelled_at: null,
    cancel_reason: '',
    created_at: '2026-11-01T06:00:00Z',
    second_currency: null,
    exchange_rate: null,
    exchange_rate_base: null,
    total_second: null,
    balance_due_second: null,
    lines: [
      { id: 1, position: 1, description: '10 A: monthly fee', quantity: '1.000', unit_price: '18.000000', amount: '18.00', pricing: null },
      { id: 2, position: 2, description: 'Consumption: 241.334 kWh', quantity: '241.334', unit_price: '0.300000', amount: '72.00', pricing: null },
    ],
    readings: [],
    payments: [payment],
    cash_rounding: {},
    ...overrides,
  };
}
