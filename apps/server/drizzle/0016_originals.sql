CREATE TABLE "originals_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"game" text NOT NULL,
	"seed_id" bigint NOT NULL,
	"nonce" integer NOT NULL,
	"params" jsonb NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"hold_id" bigint NOT NULL,
	"state" text NOT NULL,
	"multiplier" integer DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"outcome" jsonb NOT NULL,
	"mines" jsonb,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "originals_requests" (
	"key" text PRIMARY KEY NOT NULL,
	"request_hash" text NOT NULL,
	"bet_id" bigint NOT NULL,
	"answer" jsonb NOT NULL,
	"balance" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "originals_seeds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "originals_bets_user" ON "originals_bets" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "originals_bets_open" ON "originals_bets" USING btree ("user_id") WHERE "originals_bets"."state" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "originals_seeds_active" ON "originals_seeds" USING btree ("user_id") WHERE "originals_seeds"."active";--> statement-breakpoint
CREATE INDEX "originals_seeds_user" ON "originals_seeds" USING btree ("user_id","id");