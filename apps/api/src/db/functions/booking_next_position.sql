-- Gives each new booking the next number of `booking_totals`, which keeps the count of bookings
-- (trigger bookings_position, before each insert into bookings).
CREATE OR REPLACE FUNCTION "booking_next_position"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The row lock on booking_totals serialises inserts: a rolled-back insert gives its number back.
  UPDATE "booking_totals" SET "total" = "total" + 1 WHERE "id" = 1 RETURNING "total" INTO NEW."position";
  RETURN NEW;
END
$$;
