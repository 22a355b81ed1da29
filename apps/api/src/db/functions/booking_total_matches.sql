-- A booking's price is the sum of its lines. Checked when the transaction commits (constraint triggers
-- bookings_total, after an insert of a booking or a change of its price, and booking_lines_total, after any
-- write of a line), so that a booking and its lines may be written in either order within it.
CREATE OR REPLACE FUNCTION "booking_total_matches"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  booking uuid;
  price integer;
  lines_total bigint;
BEGIN
  IF TG_TABLE_NAME = 'bookings' THEN
    booking := NEW."id";
  ELSIF TG_OP = 'DELETE' THEN
    booking := OLD."booking_id";
  ELSE
    booking := NEW."booking_id";
  END IF;
  SELECT "price_cents" INTO price FROM "bookings" WHERE "id" = booking;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(sum("price_cents"), 0) INTO lines_total FROM "booking_lines" WHERE "booking_id" = booking;
  IF lines_total <> price THEN
    RAISE EXCEPTION 'booking % costs % but its lines add up to %', booking, price, lines_total
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bookings_price_is_lines_sum';
  END IF;
  RETURN NULL;
END
$$;
