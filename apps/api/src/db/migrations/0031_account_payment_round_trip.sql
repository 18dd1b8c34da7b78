-- Issue 35: an account payment is one round trip too (docs/money-and-numbering.md, "Payments"; docs/accounts.md).
-- It sent a statement per row (10 for one invoice, 18 for three and credit), one round trip each,
-- while it held the customer's and its invoices' locks. It now reads what its checks need in one
-- statement (account.repository.ts, lockAccountForPayment), allocates and settles in TypeScript, and
-- writes everything in one call of meterline_record_account_payment below, the sibling of
-- meterline_record_payment (migration 0029). Account payments take no receipt number (as before).
--
-- The writes, in the order the TypeScript sent them before: the account payment (its id taken by the
-- read), what was tendered, each allocation's payment (ids taken by the read) with its invoice's
-- amount paid and status, the customer's balance (down by the amount) and credit (up by what the
-- invoices did not take) with its credit movement, the audit rows, the Idempotency-Key's answer.
-- Every value is settled by account.service.ts; the rows come as JSON with the tables' column names.
CREATE OR REPLACE FUNCTION meterline_record_account_payment(
  p_account_payment jsonb,
  p_tender jsonb,
  p_payments jsonb,
  p_invoices jsonb,
  p_credit_movement jsonb,
  p_audits jsonb,
  p_idempotency_key text,
  p_answer jsonb
) RETURNS void AS $$
DECLARE
  paid account_payments;
BEGIN
  paid := jsonb_populate_record(null::account_payments, p_account_payment);
  INSERT INTO account_payments (id, tenant_id, service_id, customer_id, amount, credit, method, reference, paid_at, received_by, note)
  VALUES (paid.id, paid.tenant_id, paid.service_id, paid.customer_id, paid.amount, paid.credit, paid.method, paid.reference, paid.paid_at, paid.received_by, paid.note);
  IF p_tender IS NOT NULL THEN
    INSERT INTO account_payment_tenders (id, tenant_id, account_payment_id, currency, tendered, received, change_due, second_currency, rate, base_currency, change_due_second)
    SELECT t.id, t.tenant_id, t.account_payment_id, t.currency, t.tendered, t.received, t.change_due, t.second_currency, t.rate, t.base_currency, t.change_due_second
    FROM jsonb_populate_record(null::account_payment_tenders, p_tender) t;
  END IF;
  INSERT INTO payments (id, tenant_id, service_id, invoice_id, customer_id, amount, method, reference, paid_at, received_by, note, reason, reverses_id, held_by, account_payment_id)
  SELECT p.id, p.tenant_id, p.service_id, p.invoice_id, p.customer_id, p.amount, p.method, p.reference, p.paid_at, p.received_by, p.note, p.reason, p.reverses_id, p.held_by, p.account_payment_id
  FROM jsonb_populate_recordset(null::payments, p_payments) p;
  UPDATE invoices i SET amount_paid = v.amount_paid, status = v.status
  FROM jsonb_to_recordset(p_invoices) AS v(id integer, amount_paid bigint, status text)
  WHERE i.tenant_id = paid.tenant_id AND i.service_id = paid.service_id AND i.id = v.id;
  UPDATE customers SET balance = balance - paid.amount, credit = credit + paid.credit
  WHERE tenant_id = paid.tenant_id AND id = paid.customer_id;
  IF p_credit_movement IS NOT NULL THEN
    INSERT INTO credit_movements (tenant_id, service_id, customer_id, kind, amount, account_payment_id, created_at, created_by)
    SELECT m.tenant_id, m.service_id, m.customer_id, m.kind, m.amount, m.account_payment_id, m.created_at, m.created_by
    FROM jsonb_populate_record(null::credit_movements, p_credit_movement) m;
  END IF;
  INSERT INTO audit_log (tenant_id, actor_id, actor_role, ip, request_id, action, entity, entity_id, before, after)
  SELECT a.tenant_id, a.actor_id, a.actor_role, a.ip, a.request_id, a.action, a.entity, a.entity_id, a.before, a.after
  FROM jsonb_populate_recordset(null::audit_log, p_audits) a;
  IF p_idempotency_key IS NOT NULL THEN
    UPDATE idempotency_keys SET status_code = 201, response = p_answer WHERE tenant_id = paid.tenant_id AND key = p_idempotency_key;
  END IF;
END;
$$ LANGUAGE plpgsql;
