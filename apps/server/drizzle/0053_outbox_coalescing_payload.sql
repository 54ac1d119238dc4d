-- Pending deliveries made before this migration keep a null payload: each is delivered on its own (no twin of
-- theirs is coalesced), as a delivery made by a node that does not know its handler.
DROP INDEX "outbox_deliveries_pending";--> statement-breakpoint
ALTER TABLE "outbox_deliveries" ADD COLUMN "payload" jsonb;--> statement-breakpoint
CREATE INDEX "outbox_deliveries_coalescing" ON "outbox_deliveries" USING btree ("handler","payload") WHERE "outbox_deliveries"."done_at" is null and "outbox_deliveries"."payload" is not null;