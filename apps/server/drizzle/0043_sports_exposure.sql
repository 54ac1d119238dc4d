CREATE TABLE "sports_exposure" (
	"selection_id" bigint PRIMARY KEY NOT NULL,
	"market_id" bigint NOT NULL,
	"potential" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sports_exposure" ADD CONSTRAINT "sports_exposure_selection_id_sports_selections_id_fk" FOREIGN KEY ("selection_id") REFERENCES "public"."sports_selections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hand-written below. The liability check summed every open bet on the bet's selections, in each bet: its cost grew
-- with the bets, and two bets at once each missed the other's (the limit could be passed). These statement
-- triggers keep `sports_exposure` for every path that writes bets (placing, settling, voiding, cashing out,
-- correcting): a leg of an open bet adds the bet's potential to its selection; a bet leaving 'open', coming back
-- or changing its potential adds the difference. Rows are taken in selection order, so two parlays never deadlock.
-- The bets' group commit (`sports_bet_batch`, 0044) adds its bets itself, in one statement at its end
-- (`aposta.sports_exposure_batch` set for its transaction): the legs' trigger then leaves them to it.
CREATE FUNCTION sports_exposure_legs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('aposta.sports_exposure_batch', true) = 'on' THEN RETURN NULL; END IF;
  INSERT INTO sports_exposure AS e (selection_id, market_id, potential)
  SELECT l.selection_id, min(l.market_id), sum(b.potential)
  FROM new_legs l JOIN sports_bets b ON b.id = l.bet_id
  WHERE b.status = 'open'
  GROUP BY l.selection_id
  ORDER BY l.selection_id
  ON CONFLICT (selection_id) DO UPDATE SET potential = e.potential + excluded.potential;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sports_exposure_legs AFTER INSERT ON sports_bet_legs
  REFERENCING NEW TABLE AS new_legs FOR EACH STATEMENT EXECUTE FUNCTION sports_exposure_legs();
--> statement-breakpoint
CREATE FUNCTION sports_exposure_bets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sports_exposure AS e (selection_id, market_id, potential)
  SELECT l.selection_id, min(l.market_id), sum(d.delta)
  FROM (SELECT n.id,
          (CASE WHEN n.status = 'open' THEN n.potential ELSE 0 END)
            - (CASE WHEN o.status = 'open' THEN o.potential ELSE 0 END) AS delta
        FROM new_bets n JOIN old_bets o ON o.id = n.id) d
  JOIN sports_bet_legs l ON l.bet_id = d.id
  WHERE d.delta <> 0
  GROUP BY l.selection_id
  ORDER BY l.selection_id
  ON CONFLICT (selection_id) DO UPDATE SET potential = e.potential + excluded.potential;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sports_exposure_bets AFTER UPDATE ON sports_bets
  REFERENCING OLD TABLE AS old_bets NEW TABLE AS new_bets FOR EACH STATEMENT EXECUTE FUNCTION sports_exposure_bets();
--> statement-breakpoint
INSERT INTO sports_exposure (selection_id, market_id, potential)
SELECT l.selection_id, min(l.market_id), sum(b.potential)
FROM sports_bet_legs l JOIN sports_bets b ON b.id = l.bet_id
WHERE b.status = 'open'
GROUP BY l.selection_id;
