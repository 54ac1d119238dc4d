-- Game providers' HMAC secrets are kept sealed (AES-256-GCM, `v1:<iv>:<tag>:<data>`) with CASINO_SECRET_KEY.
-- The key lives in the server's config, never in the database, so SQL cannot seal the rows written before:
-- the casino module seals them at start, before serving any call (casino.catalogue.ts `sealPlainSecrets`),
-- then validates this check. NOT VALID: from now on no plain secret can be written, while the old rows wait
-- for that first start with the key.
ALTER TABLE "casino_providers" ADD CONSTRAINT "casino_providers_secret_sealed" CHECK ("casino_providers"."secret" = '' or "casino_providers"."secret" like 'v1:%') NOT VALID;
