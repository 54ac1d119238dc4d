CREATE TABLE "wagering_events" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"hold_id" bigint,
	"deposited" bigint DEFAULT 0 NOT NULL,
	"withdrawn" bigint DEFAULT 0 NOT NULL,
	"wagered" bigint DEFAULT 0 NOT NULL,
	"raised_cash" bigint DEFAULT 0 NOT NULL,
	"raised_bonus" bigint DEFAULT 0 NOT NULL,
	"worn_cash" bigint DEFAULT 0 NOT NULL,
	"worn_bonus" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wagering_requirements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"required" bigint NOT NULL,
	"remaining" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wagering_requirements_source_unique" UNIQUE("source"),
	CONSTRAINT "wagering_requirements_kind" CHECK ("wagering_requirements"."kind" in ('cash', 'bonus')),
	CONSTRAINT "wagering_requirements_amounts" CHECK ("wagering_requirements"."required" > 0 and "wagering_requirements"."remaining" >= 0 and "wagering_requirements"."remaining" <= "wagering_requirements"."required")
);
--> statement-breakpoint
CREATE TABLE "wagering_totals" (
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"deposited" bigint DEFAULT 0 NOT NULL,
	"withdrawn" bigint DEFAULT 0 NOT NULL,
	"wagered" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "wagering_totals_user_id_currency_pk" PRIMARY KEY("user_id","currency"),
	CONSTRAINT "wagering_totals_nonnegative" CHECK ("wagering_totals"."deposited" >= 0 and "wagering_totals"."withdrawn" >= 0 and "wagering_totals"."wagered" >= 0)
);
--> statement-breakpoint
CREATE TABLE "outbox_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_holds" DROP CONSTRAINT "ledger_holds_amount";--> statement-breakpoint
DROP INDEX "ledger_transactions_hold";--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD COLUMN "bonus" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD COLUMN "product" text;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD COLUMN "closed_by" bigint;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD COLUMN "posted_bonus" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD COLUMN "paid_bonus" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "supersedes_id" bigint;--> statement-breakpoint
CREATE INDEX "wagering_events_user" ON "wagering_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wagering_events_hold" ON "wagering_events" USING btree ("hold_id") WHERE "wagering_events"."hold_id" is not null;--> statement-breakpoint
CREATE INDEX "wagering_requirements_open" ON "wagering_requirements" USING btree ("user_id","currency","kind","id") WHERE "wagering_requirements"."remaining" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_supersedes" ON "ledger_transactions" USING btree ("supersedes_id") WHERE "ledger_transactions"."supersedes_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_hold" ON "ledger_transactions" USING btree ("hold_id") WHERE "ledger_transactions"."hold_id" is not null and "ledger_transactions"."supersedes_id" is null;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_product" CHECK ("ledger_holds"."product" in ('sports', 'casino', 'originals', 'lottery', 'withdrawal') and "ledger_holds"."reference" <> '');--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_amount" CHECK ("ledger_holds"."amount" > 0 and "ledger_holds"."posted" >= 0 and "ledger_holds"."posted" <= "ledger_holds"."amount" and "ledger_holds"."paid" >= 0
        and "ledger_holds"."bonus" between 0 and "ledger_holds"."amount" and "ledger_holds"."posted_bonus" between 0 and least("ledger_holds"."bonus", "ledger_holds"."posted")
        and "ledger_holds"."paid_bonus" between 0 and "ledger_holds"."paid");