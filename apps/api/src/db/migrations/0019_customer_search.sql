-- Issue 18: the customer list's ?search= (a case-insensitive substring of the name, code, phone,
-- e-mail or national id) read every customer of the service and matched each (58 req/s at 100,000
-- customers). A trigram index answers a term of three characters or more from the index: 15 ms
-- to 1.4 ms for the count of a service's 10,000 customers. pg_trgm ships with PostgreSQL (a
-- trusted extension: the database's owner may create it) and with PGlite (loaded in db/client.ts).
-- fastupdate off: a customer's entries go into the index when it is saved, not into a pending list
-- that only a vacuum merges (with one, the planner priced the index above reading the service's
-- customers after a bulk import, and searched the slow way); customers are saved one at a time or
-- by an import, both rare next to searches.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_search_trgm_idx" ON "customers" USING gin ("full_name" gin_trgm_ops, "code" gin_trgm_ops, "phone" gin_trgm_ops, "email" gin_trgm_ops, "national_id" gin_trgm_ops) WITH (fastupdate = off);
