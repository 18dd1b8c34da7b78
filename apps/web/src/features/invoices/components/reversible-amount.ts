import type { Payment } from '@meterline/contract/payments';
import { parseMoney } from '@meterline/contract/money-format';

/** What is left to take back of a payment: its amount less the reversals that name it, in minor units. */
export function reversibleMinorOf(payment: Payment, payments: Payment[], decimals: number): bigint {
  const paid = parseMoney(payment.amount, decimals) ?? 0n;
  const reversed = payments
    .filter((other) => other.reverses === payment.id)
    .reduce((sum, other) => sum - (parseMoney(other.amount, decimals) ?? 0n), 0n);
  return paid - reversed;
}
