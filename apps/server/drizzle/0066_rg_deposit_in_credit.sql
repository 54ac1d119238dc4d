-- Deposits now count against the deposit limits in the crediting transaction (rg.recordDeposit); the outbox
-- handler rg.deposit that counted them after the commit is gone. What it still owed is counted here: the
-- credited deposits whose delivery to it was not done, or whose event was not fanned out yet.
INSERT INTO rg_usage AS u (user_id, day, deposited)
  SELECT (e.payload->>'userId')::int, rg_today(), sum((e.payload->>'amount')::bigint)
  FROM outbox_events e
  WHERE e.topic = 'payment.credited'
    AND (e.dispatched_at IS NULL
      OR EXISTS (SELECT 1 FROM outbox_deliveries d
                 WHERE d.event_id = e.id AND d.handler = 'rg.deposit' AND d.done_at IS NULL))
  GROUP BY 1
ON CONFLICT (user_id, day) DO UPDATE SET deposited = u.deposited + excluded.deposited;--> statement-breakpoint
DELETE FROM outbox_deliveries WHERE handler = 'rg.deposit';--> statement-breakpoint
DELETE FROM outbox_handlers WHERE handler = 'rg.deposit';
