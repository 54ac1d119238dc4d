-- Hand-written. A studio round records the version of its game's rules (`rules` of @aposta/fairness's slots), so
-- that a change of what a spin pays (Carnival Lines rules 2: lines led by wilds) leaves the rounds played before
-- verifiable under the rules they were paid by. Every round so far was played under rules 1.
ALTER TABLE "studio_rounds" ADD COLUMN "rules" smallint DEFAULT 1 NOT NULL;
