-- Empties the booking count when `bookings` is truncated (trigger bookings_count_truncate, after truncate).
CREATE OR REPLACE FUNCTION "booking_totals_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "booking_totals" SET "total" = 0 WHERE "id" = 1;
  RETURN NULL;
END
$$;
