-- A player account never holds more than MAX_MINOR (10^13 centavos): every balance reads back as an amount
-- (toMajor refused one past it, and getBalance answered 500 after a provider win of 10^13).
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_player_ceiling" CHECK ("ledger_accounts"."user_id" is null or "ledger_accounts"."balance" <= 10000000000000);