CREATE TABLE "captchas" (
	"code_id" text PRIMARY KEY NOT NULL,
	"answer_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"username" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"email" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"chk_hash" text,
	"chk_expires_at" timestamp with time zone,
	CONSTRAINT "password_resets_chkHash_unique" UNIQUE("chk_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"card_no" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '+55' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"header" smallint DEFAULT 0 NOT NULL,
	"yqm" text NOT NULL,
	"l1_id" integer,
	"l2_id" integer,
	"l3_id" integer,
	"kyc" smallint DEFAULT 0 NOT NULL,
	"test_flag" text DEFAULT '0' NOT NULL,
	"test_pwd" text,
	"lx" text DEFAULT '' NOT NULL,
	"isapp" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_yqm_unique" UNIQUE("yqm")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"status" text NOT NULL,
	"event" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"type" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"currency" text DEFAULT 'BRL' NOT NULL,
	"amount" bigint NOT NULL,
	"gift" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"pkg_id" integer,
	"provider" text,
	"provider_ref" text,
	"pay_url" text,
	"pay_card_bank" text,
	"pay_card_no" text,
	"ifsc" text,
	"holder_name" text,
	"whatsapp" text,
	"usdt_rate" integer,
	"usdt_micro" bigint,
	"hold_id" text,
	"idempotency_key" text,
	"request_hash" text,
	"flag" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_orders_orderId_unique" UNIQUE("order_id"),
	CONSTRAINT "payment_orders_amount_positive" CHECK ("payment_orders"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_packages" (
	"pkg_id" integer PRIMARY KEY NOT NULL,
	"price" bigint NOT NULL,
	"gift" bigint DEFAULT 0 NOT NULL,
	"sort" integer NOT NULL,
	"curreny" text NOT NULL,
	"selected" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_sandbox_charges" (
	"charge_id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"br_code" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"charge_id" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment_withdraw_counters" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "payment_withdraw_counters_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "login_links" ADD CONSTRAINT "login_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_l1_id_users_id_fk" FOREIGN KEY ("l1_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_l2_id_users_id_fk" FOREIGN KEY ("l2_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_l3_id_users_id_fk" FOREIGN KEY ("l3_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "captchas_expires_at_index" ON "captchas" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_user_id_index" ON "sessions" USING btree ("user_id") WHERE "sessions"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "users_l1_id_index" ON "users" USING btree ("l1_id");--> statement-breakpoint
CREATE INDEX "users_l2_id_index" ON "users" USING btree ("l2_id");--> statement-breakpoint
CREATE INDEX "users_l3_id_index" ON "users" USING btree ("l3_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_index" ON "mail_outbox" USING btree ("to");--> statement-breakpoint
CREATE INDEX "payment_order_events_order" ON "payment_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_idem" ON "payment_orders" USING btree ("user_id","type","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_provider_ref" ON "payment_orders" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "payment_orders_user" ON "payment_orders" USING btree ("user_id","type","created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_status" ON "payment_orders" USING btree ("type","status");