-- Issue 17 (native Arabic): one digit system per user. 'arab' (Arabic-Indic) or 'latn' (Western);
-- a user's NULL follows the tenant's default. English screens always use Western digits.
ALTER TABLE "users" ADD COLUMN "digits" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "default_digits" text DEFAULT 'arab' NOT NULL;
