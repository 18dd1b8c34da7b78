import { Trans } from 'react-i18next';
import { Money } from '../../../shared/ui/money';

/** What the customer owes; a negative balance is credit in their favour, said in words ("15.00 credit"). */
export function BalanceText({ amount }: { amount: string }) {
  if (!amount.startsWith('-')) return <Money amount={amount} />;
  return <Trans i18nKey="account.balanceCredit" components={{ amount: <Money amount={amount.slice(1)} /> }} />;
}
