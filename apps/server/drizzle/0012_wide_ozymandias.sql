ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_counters";--> statement-breakpoint
ALTER TABLE "ledger_holds" ALTER COLUMN "product" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_holds" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP COLUMN "deposited";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP COLUMN "withdrawn";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP COLUMN "wagered";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP COLUMN "wager_due";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP COLUMN "bonus_wager_due";--> statement-breakpoint
ALTER TABLE "ledger_postings" DROP COLUMN "deposited";--> statement-breakpoint
ALTER TABLE "ledger_postings" DROP COLUMN "wager_due";--> statement-breakpoint
ALTER TABLE "ledger_postings" DROP COLUMN "bonus_wager_due";