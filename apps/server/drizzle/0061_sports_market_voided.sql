-- A market a result refunded on every side (a push: total 2 at 1-1) was marked void like one an operator voided,
-- and a corrected result skipped it: its bets stayed refunded. `voided` keeps who voided it: an operator or the
-- event's void (`voidMarkets`); a push is only `status = 'void'`, which a correction settles again. The markets
-- void before this migration keep the old rule (left void).
ALTER TABLE "sports_markets" ADD COLUMN "voided" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "sports_markets" SET "voided" = true WHERE "status" = 'void';
