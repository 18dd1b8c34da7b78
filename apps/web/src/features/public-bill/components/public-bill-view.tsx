import type { PublicAmount, PublicBill } from '@meterline/contract/public-bills';
import { formatMoney } from '@meterline/contract/money-format';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatDate } from '../../../shared/lib/format-date';
import { numberLocale } from '../../../shared/lib/format-number';
import { moneyInText } from '../../../shared/ui/money';
import { fill, type PublicBillTexts } from '../../../shared/lib/public-bill-texts';

/** An amount in each currency, the billing one first ("$40.00 / 3,580,000 LBP"). */
function amountsText(amounts: PublicAmount[], language: string): string {
  return amounts.map((part) => moneyInText(formatMoney(part.amount, part.currency, numberLocale(language)), language)).join(' / ');
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ textAlign: 'end', fontWeight: 500 }}>
        {children}
      </Typography>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2, breakInside: 'avoid' }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Stack spacing={1}>{children}</Stack>
    </Paper>
  );
}

/** The household's bill: what it owes in both currencies, its open invoices, its last payments, whom to call. */
export function PublicBillView({ bill, texts, language }: { bill: PublicBill; texts: PublicBillTexts; language: string }) {
  const date = (value: string) => formatDate(value, language);
  const { operator, customer } = bill;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2, textAlign: 'center' }}>
        {operator.logo_url ? <Box component="img" src={operator.logo_url} alt="" sx={{ maxHeight: 56, maxWidth: 160, mb: 1 }} /> : null}
        <Typography variant="h6" component="p">
          {operator.name}
        </Typography>
        <Typography variant="overline" color="text.secondary">
          {texts.balanceDue}
        </Typography>
        <Typography variant="h4" component="p" data-testid="public-bill-balance" sx={{ fontWeight: 700 }}>
          {amountsText(bill.balance_due, language)}
        </Typography>
      </Paper>
      <Section title={texts.customer}>
        <Fact label={texts.customer}>{customer.name}</Fact>
        <Fact label={texts.code}>
          <bdi>{customer.code}</bdi>
        </Fact>
        {customer.phone ? (
          <Fact label={texts.phone}>
            <bdi dir="ltr">{customer.phone}</bdi>
          </Fact>
        ) : null}
      </Section>
      <Section title={texts.openInvoices}>
        {bill.invoices.length === 0 ? <Typography variant="body2">{texts.noOpenInvoices}</Typography> : null}
        {bill.invoices.map((invoice, index) => (
          <Stack key={invoice.number} spacing={0.5}>
            {index > 0 ? <Divider sx={{ mb: 1 }} /> : null}
            <Fact label={texts.invoice}>
              <bdi dir="ltr">{invoice.number}</bdi>
            </Fact>
            <Fact label={texts.period}>{`${date(invoice.period_start)} – ${date(invoice.period_end)}`}</Fact>
            <Fact label={texts.dueOn}>{date(invoice.due_on)}</Fact>
            <Fact label={texts.total}>{amountsText(invoice.total, language)}</Fact>
            <Fact label={texts.amountDue}>{amountsText(invoice.amount_due, language)}</Fact>
          </Stack>
        ))}
      </Section>
      <Section title={texts.lastPayments}>
        {bill.payments.length === 0 ? <Typography variant="body2">{texts.noPayments}</Typography> : null}
        {bill.payments.map((payment, index) => (
          <Fact key={`${payment.paid_at}-${index}`} label={date(payment.paid_at)}>
            {amountsText([payment.amount], language)}
            {payment.receipt_number === null ? null : (
              <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {`${texts.receipt} `}
                <bdi dir="ltr">{`#${payment.receipt_number}`}</bdi>
              </Typography>
            )}
          </Fact>
        ))}
      </Section>
      <Section title={texts.contact}>
        <Typography variant="body2">{operator.name}</Typography>
        {operator.address ? <Typography variant="body2">{operator.address}</Typography> : null}
        {operator.phone ? (
          <Button
            component={Link}
            href={`tel:${operator.phone.replace(/[^\d+]/g, '')}`}
            variant="outlined"
            sx={{ alignSelf: 'flex-start', displayPrint: 'none' }}
          >
            {fill(texts.call, { phone: operator.phone })}
          </Button>
        ) : null}
        {operator.phone ? (
          <Typography variant="body2" sx={{ display: 'none', displayPrint: 'block' }}>
            <bdi dir="ltr">{operator.phone}</bdi>
          </Typography>
        ) : null}
      </Section>
    </Stack>
  );
}
