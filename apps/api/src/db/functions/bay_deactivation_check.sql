-- A bay is deactivated only once no live booking lies ahead on it. A booking locks the bays it may take
-- (FOR NO KEY UPDATE) until it commits, so this check, run after the deactivating update has its row lock,
-- sees every booking that could land on the bay (trigger bays_deactivation, before an update of bays.active).
CREATE OR REPLACE FUNCTION "bay_deactivation_check"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  upcoming bigint;
BEGIN
  SELECT count(*) INTO upcoming FROM "bookings"
  WHERE "bay_id" = NEW."id" AND "occupied_until" > now()
    AND ("status" = 'confirm' OR ("status" = 'pending' AND "hold_expires_at" > now()));
  IF upcoming > 0 THEN
    RAISE EXCEPTION 'bay % has % upcoming bookings', NEW."id", upcoming
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bays_inactive_without_upcoming_bookings', DETAIL = upcoming::text;
  END IF;
  RETURN NEW;
END
$$;
