ALTER TABLE "sports_markets" ADD COLUMN "margin_shift_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sports_selections" ADD COLUMN "engine_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sports_selections" ADD COLUMN "override_price" integer;--> statement-breakpoint
ALTER TABLE "sports_selections" ADD CONSTRAINT "sports_selections_override" CHECK ("sports_selections"."override_price" is null or "sports_selections"."override_price" between 102 and 100000);--> statement-breakpoint
-- Selections already priced: the engine's price is the price they have (no override existed).
UPDATE "sports_selections" SET "engine_price" = "price";
