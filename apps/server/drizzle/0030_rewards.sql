CREATE TABLE "promo_game_bonus_state" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"base_turnover" bigint DEFAULT 0 NOT NULL,
	"notified" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_game_bonus_uses" (
	"order_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"multiple" integer NOT NULL,
	"turnover" bigint NOT NULL,
	"bonus" bigint NOT NULL,
	"tx_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_ladder_claims" (
	"user_id" integer NOT NULL,
	"tier" integer NOT NULL,
	"valid_invitees" integer NOT NULL,
	"reward" bigint NOT NULL,
	"tx_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_ladder_claims_user_id_tier_pk" PRIMARY KEY("user_id","tier")
);
--> statement-breakpoint
CREATE INDEX "promo_game_bonus_uses_user" ON "promo_game_bonus_uses" USING btree ("user_id");