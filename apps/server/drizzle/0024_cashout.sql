CREATE TABLE "sports_cashouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bet_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"n" integer NOT NULL,
	"auto" boolean DEFAULT false NOT NULL,
	"share" double precision NOT NULL,
	"stake_part" bigint NOT NULL,
	"value" bigint NOT NULL,
	"paid" bigint NOT NULL,
	"settle_tx_id" bigint NOT NULL,
	"new_hold_id" bigint,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sports_liability_alerts" (
	"market_id" bigint PRIMARY KEY NOT NULL,
	"liability" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sports_stake_factors" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"factor" double precision NOT NULL,
	"note" text,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sports_bets" ADD COLUMN "cashed_out" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sports_bets" ADD COLUMN "cashouts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sports_bets" ADD COLUMN "auto_cashout" bigint;--> statement-breakpoint
ALTER TABLE "sports_cashouts" ADD CONSTRAINT "sports_cashouts_bet_id_sports_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."sports_bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_liability_alerts" ADD CONSTRAINT "sports_liability_alerts_market_id_sports_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."sports_markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sports_cashouts_key" ON "sports_cashouts" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "sports_cashouts_bet" ON "sports_cashouts" USING btree ("bet_id","n");--> statement-breakpoint
CREATE INDEX "sports_bets_auto_cashout" ON "sports_bets" USING btree ("id") WHERE "sports_bets"."auto_cashout" is not null and "sports_bets"."status" = 'open';