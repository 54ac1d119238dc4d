CREATE TABLE "promo_referral_days" (
	"inviter_id" integer NOT NULL,
	"day" date NOT NULL,
	"turnover1" bigint NOT NULL,
	"turnover2" bigint NOT NULL,
	"turnover3" bigint NOT NULL,
	"amount1" bigint NOT NULL,
	"amount2" bigint NOT NULL,
	"amount3" bigint NOT NULL,
	"tx_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_referral_days_inviter_id_day_pk" PRIMARY KEY("inviter_id","day")
);
--> statement-breakpoint
CREATE TABLE "promo_referral_totals" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"amount1" bigint DEFAULT 0 NOT NULL,
	"amount2" bigint DEFAULT 0 NOT NULL,
	"amount3" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_signins" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"cycle_day" smallint NOT NULL,
	"reward" bigint NOT NULL,
	"tx_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_signins_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_brin" ON "ledger_transactions" USING brin ("created_at");