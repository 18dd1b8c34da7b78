-- Issue 35: a payment is one round trip (docs/money-and-numbering.md, "Payments"; docs/performance.md).
-- Mark-paid sent a dozen statements, one round trip each, while it held its invoice's lock. It now
-- reads what its checks need in one statement (the invoice locked), settles in TypeScript, and writes
-- everything in one call of meterline_record_payment below.
--
-- The receipt's gapless number, one way: the counter's upsert and the receipt row in one statement,
-- called by the numbering module's `issueReceipt` and by meterline_record_payment (last, so the
-- tenant's counter row is held from here to the commit only).
CREATE OR REPLACE FUNCTION meterline_take_receipt_number(p_tenant integer, p_payment integer, p_issued_at timestamptz) RETURNS bigint AS $$
  WITH counter AS (
    INSERT INTO receipt_counters AS c (tenant_id, last_number) VALUES (p_tenant, 1)
    ON CONFLICT (tenant_id) DO UPDATE SET last_number = c.last_number + 1
    RETURNING c.last_number
  )
  INSERT INTO payment_receipts (tenant_id, payment_id, number, issued_at)
  SELECT p_tenant, p_payment, counter.last_number, p_issued_at FROM counter
  RETURNING number;
$$ LANGUAGE sql;--> statement-breakpoint
-- A payment's writes, in the order the TypeScript sent them before: the payment (its id taken by the
-- read), what was tendered, the invoice's amount paid and status, the customer's balance, the audit
-- row, the Idempotency-Key's answer, then the receipt number last. Every value is settled by
-- payments.service.ts: no money arithmetic here beyond moving the balance by the amount. The rows
-- come as JSON with the tables' column names. Returns the receipt number (null: a reversal, none).
CREATE OR REPLACE FUNCTION meterline_record_payment(
  p_payment jsonb,
  p_tender jsonb,
  p_invoice_amount_paid bigint,
  p_invoice_status text,
  p_audit jsonb,
  p_idempotency_key text,
  p_answer jsonb,
  p_receipt_issued_at timestamptz
) RETURNS bigint AS $$
DECLARE
  paid payments;
BEGIN
  paid := jsonb_populate_record(null::payments, p_payment);
  INSERT INTO payments (id, tenant_id, service_id, invoice_id, customer_id, amount, method, reference, paid_at, received_by, note, reason, reverses_id, held_by, account_payment_id)
  VALUES (paid.id, paid.tenant_id, paid.service_id, paid.invoice_id, paid.customer_id, paid.amount, paid.method, paid.reference, paid.paid_at, paid.received_by, paid.note, paid.reason, paid.reverses_id, paid.held_by, paid.account_payment_id);
  IF p_tender IS NOT NULL THEN
    INSERT INTO payment_tenders (id, tenant_id, payment_id, currency, tendered, received, change_due, second_currency, rate, base_currency, change_due_second)
    SELECT t.id, t.tenant_id, t.payment_id, t.currency, t.tendered, t.received, t.change_due, t.second_currency, t.rate, t.base_currency, t.change_due_second
    FROM jsonb_populate_record(null::payment_tenders, p_tender) t;
  END IF;
  UPDATE invoices SET amount_paid = p_invoice_amount_paid, status = p_invoice_status
  WHERE tenant_id = paid.tenant_id AND service_id = paid.service_id AND id = paid.invoice_id;
  IF paid.amount <> 0 THEN
    UPDATE customers SET balance = balance - paid.amount WHERE tenant_id = paid.tenant_id AND id = paid.customer_id;
  END IF;
  INSERT INTO audit_log (tenant_id, actor_id, actor_role, ip, request_id, action, entity, entity_id, before, after)
  SELECT a.tenant_id, a.actor_id, a.actor_role, a.ip, a.request_id, a.action, a.entity, a.entity_id, a.before, a.after
  FROM jsonb_populate_record(null::audit_log, p_audit) a;
  IF p_idempotency_key IS NOT NULL THEN
    UPDATE idempotency_keys SET status_code = 201, response = p_answer WHERE tenant_id = paid.tenant_id AND key = p_idempotency_key;
  END IF;
  IF p_receipt_issued_at IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN meterline_take_receipt_number(paid.tenant_id, paid.id, p_receipt_issued_at);
END;
$$ LANGUAGE plpgsql;
