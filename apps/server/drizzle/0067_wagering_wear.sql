CREATE TABLE "wagering_wear" (
	"hold_id" bigint NOT NULL,
	"requirement_id" bigint NOT NULL,
	"worn" bigint NOT NULL,
	CONSTRAINT "wagering_wear_hold_id_requirement_id_pk" PRIMARY KEY("hold_id","requirement_id"),
	CONSTRAINT "wagering_wear_worn" CHECK ("wagering_wear"."worn" >= 0)
);
