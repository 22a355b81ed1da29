-- A booking names only a vehicle its customer has not archived (trigger bookings_vehicle_live, before an
-- insert of a booking or a change of its vehicle). The vehicle's row is share-locked: archiving it waits for
-- the booking, or the booking waits for the archiving and reads it committed.
CREATE OR REPLACE FUNCTION "booking_vehicle_live"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  archived timestamptz;
BEGIN
  IF NEW."vehicle_id" IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT "archived_at" INTO archived FROM "vehicles" WHERE "id" = NEW."vehicle_id" FOR SHARE;
  IF archived IS NOT NULL THEN
    RAISE EXCEPTION 'vehicle % is archived', NEW."vehicle_id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bookings_vehicle_live';
  END IF;
  RETURN NEW;
END
$$;
