-- A reading may carry the photo of the meter taken with it (docs/billing.md, "A reading's photo"):
-- the name of an upload of the reading's tenant (uploads.name), served only to its signed-in users
-- (docs/security.md, "Uploaded pictures"). Null for readings without one and every earlier reading.
ALTER TABLE "meter_readings" ADD COLUMN "photo" text;
