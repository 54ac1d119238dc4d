CREATE TABLE "vip_awards" (
	"user_id" bigint NOT NULL,
	"level" integer NOT NULL,
	"amount" bigint NOT NULL,
	"tx_id" bigint,
	"clawed_tx_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_awards_user_id_level_pk" PRIMARY KEY("user_id","level")
);
