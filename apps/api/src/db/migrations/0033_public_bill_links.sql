-- "Check my bill" (docs/security.md, "The public bill link"): every printed invoice and receipt carries a
-- link to /b/{token}, a public page of the customer's bill. The token is an HMAC over the tenant, the
-- customer and this version with an app secret; the office makes a new link by moving the version on,
-- and every link signed with an older version answers 404 from then on.
ALTER TABLE customers ADD COLUMN public_link_version integer NOT NULL DEFAULT 1;
