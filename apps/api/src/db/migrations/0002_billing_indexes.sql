CREATE INDEX "invoices_tenant_service_issued_idx" ON "invoices" USING btree ("tenant_id","service_id","issued_on","id");--> statement-breakpoint
CREATE INDEX "payments_tenant_service_paid_idx" ON "payments" USING btree ("tenant_id","service_id","paid_at","id");--> statement-breakpoint
CREATE INDEX "subscriptions_tenant_customer_idx" ON "subscriptions" USING btree ("tenant_id","customer_id");