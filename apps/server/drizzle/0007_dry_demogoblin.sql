ALTER TABLE "ledger_postings" ADD COLUMN "deposited" bigint;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD COLUMN "wager_due" bigint;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD COLUMN "bonus_wager_due" bigint;