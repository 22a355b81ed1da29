-- Guards the payment ledger (trigger ledger_within_paid, before each insert into ledger_entries), under the
-- booking's row lock so that two movements of one booking's money are judged one after the other on any
-- instance: a refund may not give back more than the booking's rows hold, and money the shop takes for the job
-- (the counter, the card on file) may not bring what was paid for it above what the booking costs.
CREATE OR REPLACE FUNCTION "ledger_entry_allowed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  price integer;
  paid bigint;
  paid_for_job bigint;
BEGIN
  SELECT "price_cents" INTO price FROM "bookings" WHERE "id" = NEW."booking_id" FOR UPDATE;
  SELECT coalesce(sum("amount_cents"), 0), coalesce(sum("amount_cents") FILTER (WHERE "kind" <> 'fee'), 0)
    INTO paid, paid_for_job
    FROM "ledger_entries" WHERE "booking_id" = NEW."booking_id";
  IF NEW."amount_cents" < 0 AND paid + NEW."amount_cents" < 0 THEN
    RAISE EXCEPTION 'refund of % cents is more than the % cents paid for booking %', -NEW."amount_cents", paid, NEW."booking_id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_within_paid';
  END IF;
  IF NEW."method" <> 'online' AND NEW."kind" IN ('deposit', 'full', 'balance')
     AND paid_for_job + NEW."amount_cents" > price THEN
    RAISE EXCEPTION 'payment of % cents would bring booking % above its price', NEW."amount_cents", NEW."booking_id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_within_price';
  END IF;
  RETURN NEW;
END
$$;
