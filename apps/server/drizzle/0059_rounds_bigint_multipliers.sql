ALTER TABLE "round_bets" ALTER COLUMN "cashout" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "round_bets" ALTER COLUMN "multiplier" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "rounds" ALTER COLUMN "result" SET DATA TYPE bigint;