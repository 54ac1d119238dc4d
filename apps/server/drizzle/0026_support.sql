CREATE TABLE "support_attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_canned_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'own' NOT NULL,
	"external_id" text,
	"user_id" integer,
	"email" text NOT NULL,
	"visitor_token_hash" text,
	"status" text DEFAULT 'open' NOT NULL,
	"assigned_operator_id" integer,
	"close_reason" text,
	"close_note" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone,
	"customer_read_id" bigint DEFAULT 0 NOT NULL,
	"operator_read_id" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"sender" text NOT NULL,
	"operator_id" integer,
	"body" text NOT NULL,
	"attachment_id" bigint,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "support_attachments_conversation" ON "support_attachments" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "support_conversations_user" ON "support_conversations" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "support_conversations_status" ON "support_conversations" USING btree ("status","last_message_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_visitor_token" ON "support_conversations" USING btree ("visitor_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_external" ON "support_conversations" USING btree ("provider","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_one_open" ON "support_conversations" USING btree ("user_id") WHERE status <> 'closed' and user_id is not null and provider = 'own';--> statement-breakpoint
CREATE INDEX "support_messages_conversation" ON "support_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_messages_external" ON "support_messages" USING btree ("conversation_id","external_id");