CREATE TABLE "ledger_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"book" text NOT NULL,
	"user_id" bigint,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"held" bigint DEFAULT 0 NOT NULL,
	"deposited" bigint DEFAULT 0 NOT NULL,
	"withdrawn" bigint DEFAULT 0 NOT NULL,
	"wagered" bigint DEFAULT 0 NOT NULL,
	"wager_due" bigint DEFAULT 0 NOT NULL,
	"bonus_wager_due" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_player_funds" CHECK ("ledger_accounts"."user_id" is null or ("ledger_accounts"."held" >= 0 and "ledger_accounts"."balance" >= "ledger_accounts"."held")),
	CONSTRAINT "ledger_accounts_system_no_holds" CHECK ("ledger_accounts"."user_id" is not null or "ledger_accounts"."held" = 0),
	CONSTRAINT "ledger_accounts_player_kind" CHECK (("ledger_accounts"."user_id" is not null) = ("ledger_accounts"."kind" in ('cash', 'bonus'))),
	CONSTRAINT "ledger_accounts_book" CHECK ("ledger_accounts"."book" in ('real', 'play')),
	CONSTRAINT "ledger_accounts_counters" CHECK ("ledger_accounts"."deposited" >= 0 and "ledger_accounts"."withdrawn" >= 0 and "ledger_accounts"."wagered" >= 0 and "ledger_accounts"."wager_due" >= 0 and "ledger_accounts"."bonus_wager_due" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_holds" (
	"tx_id" bigint PRIMARY KEY NOT NULL,
	"type" integer NOT NULL,
	"account_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"book" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"posted" bigint DEFAULT 0 NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_holds_amount" CHECK ("ledger_holds"."amount" > 0 and "ledger_holds"."posted" >= 0 and "ledger_holds"."posted" <= "ledger_holds"."amount" and "ledger_holds"."paid" >= 0),
	CONSTRAINT "ledger_holds_state" CHECK ("ledger_holds"."state" in ('held', 'posted', 'voided'))
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tx_id" bigint NOT NULL,
	"account_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "ledger_postings_nonzero" CHECK ("ledger_postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" integer NOT NULL,
	"book" text NOT NULL,
	"user_id" bigint,
	"counter_user_id" bigint,
	"hold_id" bigint,
	"reverses_id" bigint,
	"idempotency_key" text,
	"request_hash" text,
	"ref" text,
	"memo" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_holdId_unique" UNIQUE("hold_id"),
	CONSTRAINT "ledger_transactions_reversesId_unique" UNIQUE("reverses_id"),
	CONSTRAINT "ledger_transactions_idempotencyKey_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_tx_id_ledger_transactions_id_fk" FOREIGN KEY ("tx_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_tx_id_ledger_transactions_id_fk" FOREIGN KEY ("tx_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_accounts_user" ON "ledger_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ledger_holds_user" ON "ledger_holds" USING btree ("user_id","tx_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_account" ON "ledger_postings" USING btree ("account_id","tx_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_tx" ON "ledger_postings" USING btree ("tx_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_user" ON "ledger_transactions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_counter_user" ON "ledger_transactions" USING btree ("counter_user_id","id");