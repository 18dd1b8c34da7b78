-- Audit rows, payments and meter readings are append-only: the database refuses to change them.
CREATE OR REPLACE FUNCTION meterline_forbid_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% rows are append-only', TG_TABLE_NAME USING ERRCODE = '42501';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION meterline_forbid_change();
--> statement-breakpoint
CREATE TRIGGER meter_readings_append_only BEFORE UPDATE OR DELETE ON "meter_readings" FOR EACH ROW EXECUTE FUNCTION meterline_forbid_change();
--> statement-breakpoint
CREATE TRIGGER payments_append_only BEFORE UPDATE OR DELETE ON "payments" FOR EACH ROW EXECUTE FUNCTION meterline_forbid_change();
