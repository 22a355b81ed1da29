-- An add-on is booked only while it is active (trigger booking_lines_bookable, before an insert of a line).
-- The add-on's row is share-locked: an administrator deactivating it waits for the booking, or the booking
-- waits for the deactivation and reads it committed.
CREATE OR REPLACE FUNCTION "booking_line_bookable"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  live boolean;
BEGIN
  IF NEW."add_on_id" IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT "active" INTO live FROM "add_ons" WHERE "id" = NEW."add_on_id" FOR SHARE;
  IF live IS NOT TRUE THEN
    RAISE EXCEPTION 'add-on % is not active', NEW."add_on_id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'booking_lines_add_on_active';
  END IF;
  RETURN NEW;
END
$$;
