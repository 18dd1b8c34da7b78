-- Reaching the household (docs/notifications.md): each customer's language and the channels they refused,
-- the tenant's channels and templates, and every message sent (one per event, customer and channel).
ALTER TABLE "customers" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "opted_out_channels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Customers already kept are written to in the language their reminders were written in.
UPDATE "customers" SET "language" = s."reminder_language" FROM "settings" s WHERE s."tenant_id" = "customers"."tenant_id" AND s."reminder_language" IN ('en', 'ar');--> statement-breakpoint
CREATE TABLE "notification_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"test_mode" boolean DEFAULT true NOT NULL,
	"provider" text NOT NULL,
	"sender" text DEFAULT '' NOT NULL,
	"endpoint_url" text DEFAULT '' NOT NULL,
	"credentials" text,
	"callback_token" text NOT NULL,
	"updated_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "notification_channels_tenant_channel_key" ON "notification_channels" USING btree ("tenant_id","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_channels_callback_token_key" ON "notification_channels" USING btree ("callback_token");--> statement-breakpoint
CREATE TABLE "notification_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text_en" text DEFAULT '' NOT NULL,
	"text_ar" text DEFAULT '' NOT NULL,
	"whatsapp_template" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "notification_templates_tenant_kind_key" ON "notification_templates" USING btree ("tenant_id","kind");--> statement-breakpoint
CREATE TABLE "notification_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"customer_id" integer,
	"invoice_id" integer,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"event_key" text NOT NULL,
	"to_address" text NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"template_name" text DEFAULT '' NOT NULL,
	"template_params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"provider_message_id" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "notification_messages" ADD CONSTRAINT "notification_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One message per event, customer and channel: sending a bill twice queues it once (docs/notifications.md).
CREATE UNIQUE INDEX "notification_messages_tenant_channel_event_key" ON "notification_messages" USING btree ("tenant_id","channel","event_key");--> statement-breakpoint
CREATE INDEX "notification_messages_tenant_event_idx" ON "notification_messages" USING btree ("tenant_id","event_key");--> statement-breakpoint
CREATE INDEX "notification_messages_tenant_customer_idx" ON "notification_messages" USING btree ("tenant_id","customer_id","id");--> statement-breakpoint
CREATE INDEX "notification_messages_tenant_provider_id_idx" ON "notification_messages" USING btree ("tenant_id","provider_message_id");--> statement-breakpoint
CREATE INDEX "notification_messages_due_idx" ON "notification_messages" USING btree ("tenant_id","next_attempt_at") WHERE "status" IN ('queued', 'sending');
