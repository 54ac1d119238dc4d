CREATE TABLE "round_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"round_id" bigint NOT NULL,
	"game" text NOT NULL,
	"user_id" bigint NOT NULL,
	"pick" text,
	"auto_cashout" integer,
	"amount" bigint NOT NULL,
	"hold_id" bigint NOT NULL,
	"state" text NOT NULL,
	"cashout" integer,
	"multiplier" integer DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"player" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"cashout_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "round_chains" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game" text NOT NULL,
	"seed" text NOT NULL,
	"length" integer NOT NULL,
	"commitment" text NOT NULL,
	"committed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"salt" text,
	"salt_set_at" timestamp with time zone,
	"used" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "round_clocks" (
	"game" text PRIMARY KEY NOT NULL,
	"node" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game" text NOT NULL,
	"chain_id" bigint NOT NULL,
	"chain_index" integer NOT NULL,
	"hash" text NOT NULL,
	"result" integer NOT NULL,
	"phase" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"result_at" timestamp with time zone NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"period" text,
	"void" boolean DEFAULT false NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "round_bets_key" ON "round_bets" USING btree ("key");--> statement-breakpoint
CREATE INDEX "round_bets_round" ON "round_bets" USING btree ("round_id","state");--> statement-breakpoint
CREATE INDEX "round_bets_user" ON "round_bets" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "round_bets_crash_one" ON "round_bets" USING btree ("round_id","user_id") WHERE "round_bets"."game" = 'crash';--> statement-breakpoint
CREATE UNIQUE INDEX "round_chains_active" ON "round_chains" USING btree ("game") WHERE "round_chains"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "rounds_chain_index" ON "rounds" USING btree ("chain_id","chain_index");--> statement-breakpoint
CREATE UNIQUE INDEX "rounds_live" ON "rounds" USING btree ("game") WHERE "rounds"."phase" in ('betting', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "rounds_period" ON "rounds" USING btree ("game","period");--> statement-breakpoint
CREATE INDEX "rounds_game" ON "rounds" USING btree ("game","id");