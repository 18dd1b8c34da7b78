-- Issue 17, item 6: admins manage their services. A service gets an Arabic name, can be disabled
-- (it leaves the selector and refuses new writes, its data stays) and has a place in the order.
-- Today's services keep what they do: Electricity (kWh) and Water (m³) stay metered and active,
-- in the order they were created, and get their Arabic names.
ALTER TABLE "services" ADD COLUMN "name_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "services" SET "position" = ranked."position"
FROM (SELECT "id", row_number() OVER (PARTITION BY "tenant_id" ORDER BY "id")::integer AS "position" FROM "services") AS ranked
WHERE ranked."id" = "services"."id";--> statement-breakpoint
UPDATE "services" SET "name_ar" = 'الكهرباء' WHERE lower(trim("name")) = 'electricity' AND "name_ar" = '';--> statement-breakpoint
UPDATE "services" SET "name_ar" = 'المياه' WHERE lower(trim("name")) = 'water' AND "name_ar" = '';
