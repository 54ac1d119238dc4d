ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_holdId_unique";--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_reversesId_unique";--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_idempotencyKey_unique";--> statement-breakpoint
ALTER TABLE "ledger_holds" DROP CONSTRAINT "ledger_holds_tx_id_ledger_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_postings" DROP CONSTRAINT "ledger_postings_tx_id_ledger_transactions_id_fk";
--> statement-breakpoint
DROP INDEX "ledger_postings_account";--> statement-breakpoint
DROP INDEX "ledger_postings_tx";--> statement-breakpoint
DROP INDEX "ledger_transactions_counter_user";--> statement-breakpoint
ALTER TABLE "ledger_postings" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_tx_id_account_id_pk" PRIMARY KEY("tx_id","account_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_player" ON "ledger_postings" USING btree ("account_id","tx_id") WHERE "ledger_postings"."account_id" like 'u%';--> statement-breakpoint
CREATE INDEX "ledger_transactions_receiver" ON "ledger_transactions" USING btree ("counter_user_id","id") WHERE "ledger_transactions"."counter_user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_hold" ON "ledger_transactions" USING btree ("hold_id") WHERE "ledger_transactions"."hold_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_reverses" ON "ledger_transactions" USING btree ("reverses_id") WHERE "ledger_transactions"."reverses_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_key" ON "ledger_transactions" USING btree ("idempotency_key") WHERE "ledger_transactions"."idempotency_key" is not null;