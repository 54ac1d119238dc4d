CREATE TABLE "sports_bet_legs" (
	"bet_id" bigint NOT NULL,
	"selection_id" bigint NOT NULL,
	"market_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"price" integer NOT NULL,
	"result" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sports_bet_legs_bet_id_selection_id_pk" PRIMARY KEY("bet_id","selection_id")
);
--> statement-breakpoint
CREATE TABLE "sports_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"hold_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"stake" bigint NOT NULL,
	"currency" text NOT NULL,
	"price" integer NOT NULL,
	"potential" bigint NOT NULL,
	"accept_odds" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"result" integer DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"settlements" integer DEFAULT 0 NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sports_competitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sports_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"competition_id" bigint NOT NULL,
	"home" text NOT NULL,
	"away" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"clock" integer DEFAULT 0 NOT NULL,
	"strength" double precision DEFAULT 0 NOT NULL,
	"state" jsonb NOT NULL,
	"feed" text NOT NULL,
	"external_id" text,
	"result" jsonb,
	"result_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sports_markets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"type" text NOT NULL,
	"period" integer NOT NULL,
	"line" double precision,
	"key" text NOT NULL,
	"status" text NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	"suspensions" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sports_selections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"market_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"result" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sports_sports" (
	"code" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sports_bet_legs" ADD CONSTRAINT "sports_bet_legs_bet_id_sports_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."sports_bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_bet_legs" ADD CONSTRAINT "sports_bet_legs_selection_id_sports_selections_id_fk" FOREIGN KEY ("selection_id") REFERENCES "public"."sports_selections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_competitions" ADD CONSTRAINT "sports_competitions_sport_sports_sports_code_fk" FOREIGN KEY ("sport") REFERENCES "public"."sports_sports"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_events" ADD CONSTRAINT "sports_events_sport_sports_sports_code_fk" FOREIGN KEY ("sport") REFERENCES "public"."sports_sports"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_events" ADD CONSTRAINT "sports_events_competition_id_sports_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."sports_competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_markets" ADD CONSTRAINT "sports_markets_event_id_sports_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."sports_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_selections" ADD CONSTRAINT "sports_selections_market_id_sports_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."sports_markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sports_bet_legs_event" ON "sports_bet_legs" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "sports_bet_legs_selection" ON "sports_bet_legs" USING btree ("selection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sports_bets_key" ON "sports_bets" USING btree ("key");--> statement-breakpoint
CREATE INDEX "sports_bets_user" ON "sports_bets" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sports_competitions_name" ON "sports_competitions" USING btree ("sport","name");--> statement-breakpoint
CREATE INDEX "sports_events_sport" ON "sports_events" USING btree ("sport","starts_at");--> statement-breakpoint
CREATE INDEX "sports_events_clock" ON "sports_events" USING btree ("clock");--> statement-breakpoint
CREATE UNIQUE INDEX "sports_events_external" ON "sports_events" USING btree ("feed","external_id") WHERE "sports_events"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sports_markets_key" ON "sports_markets" USING btree ("event_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "sports_selections_name" ON "sports_selections" USING btree ("market_id","name");--> statement-breakpoint
CREATE INDEX "sports_selections_event" ON "sports_selections" USING btree ("event_id");--> statement-breakpoint
INSERT INTO "sports_sports" ("code", "position") VALUES
  ('football', 1), ('basketball', 2), ('tennis', 3), ('boxing', 4), ('snooker', 5), ('baseball', 6),
  ('volleyball', 7), ('badminton', 8), ('americanFootball', 9), ('tableTennis', 10), ('cricket', 11),
  ('motorRacing', 12);
