CREATE TABLE "transfer_lookups" (
	"user_id" integer NOT NULL,
	"target_hash" text NOT NULL,
	"looked_up_at" timestamp with time zone NOT NULL,
	CONSTRAINT "transfer_lookups_user_id_target_hash_pk" PRIMARY KEY("user_id","target_hash")
);
--> statement-breakpoint
ALTER TABLE "login_links" ADD COLUMN "session_id" text;--> statement-breakpoint
ALTER TABLE "login_links" ADD CONSTRAINT "login_links_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;