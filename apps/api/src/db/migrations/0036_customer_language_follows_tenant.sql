-- A customer's language (docs/notifications.md, "Customers"): null now means "the tenant's", so a
-- customer without one of its own follows the tenant's reminder language when it changes.
ALTER TABLE customers ALTER COLUMN language DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE customers ALTER COLUMN language DROP NOT NULL;
--> statement-breakpoint
-- Migration 0032 gave every existing customer the tenant's language: those still on it follow the tenant.
UPDATE customers SET language = NULL
FROM settings
WHERE settings.tenant_id = customers.tenant_id AND customers.language = settings.reminder_language;
