CREATE TABLE "casino_games" (
	"game_code" text PRIMARY KEY NOT NULL,
	"provider_code" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"rtp_bp" integer NOT NULL,
	"thumbnail" text DEFAULT '' NOT NULL,
	"launch_url" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"hot" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 1000 NOT NULL,
	"demo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "casino_providers" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"secret" text NOT NULL,
	"public_key" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "casino_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" bigint NOT NULL,
	"provider_code" text NOT NULL,
	"game_code" text NOT NULL,
	"currency" text NOT NULL,
	"auth_session_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"last_round" text,
	CONSTRAINT "casino_sessions_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "casino_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_code" text NOT NULL,
	"transaction_uuid" text NOT NULL,
	"kind" text NOT NULL,
	"request_hash" text,
	"user_id" bigint,
	"game_code" text,
	"round" text,
	"currency" text,
	"amount" bigint DEFAULT 0 NOT NULL,
	"reference_uuid" text,
	"hold_id" bigint,
	"state" text NOT NULL,
	"answer" jsonb,
	"balance_before" bigint,
	"balance_after" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"player" text NOT NULL,
	"game" text NOT NULL,
	"demo" boolean NOT NULL,
	"bet" bigint NOT NULL,
	"win" bigint NOT NULL,
	"state" text NOT NULL,
	"balance_before" bigint,
	"balance_after" bigint,
	"steps" jsonb NOT NULL,
	"seed_id" bigint NOT NULL,
	"nonce" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_seeds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "studio_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"launch_token_hash" text,
	"wallet_token" text,
	"player" text NOT NULL,
	"game" text NOT NULL,
	"currency" text NOT NULL,
	"demo" boolean NOT NULL,
	"demo_balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_sessions_launchTokenHash_unique" UNIQUE("launch_token_hash")
);
--> statement-breakpoint
ALTER TABLE "casino_games" ADD CONSTRAINT "casino_games_provider_code_casino_providers_code_fk" FOREIGN KEY ("provider_code") REFERENCES "public"."casino_providers"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "casino_games_lobby" ON "casino_games" USING btree ("enabled","sort");--> statement-breakpoint
CREATE INDEX "casino_sessions_user" ON "casino_sessions" USING btree ("user_id","created_at") WHERE "casino_sessions"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "casino_transactions_uuid" ON "casino_transactions" USING btree ("provider_code","transaction_uuid");--> statement-breakpoint
CREATE INDEX "casino_transactions_round" ON "casino_transactions" USING btree ("provider_code","round");--> statement-breakpoint
CREATE INDEX "casino_transactions_user" ON "casino_transactions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "studio_rounds_player" ON "studio_rounds" USING btree ("player","id");--> statement-breakpoint
CREATE UNIQUE INDEX "studio_seeds_active" ON "studio_seeds" USING btree ("player") WHERE "studio_seeds"."active";