-- Refuses to delete a booking: bookings are history (trigger bookings_no_delete, before each delete from bookings).
CREATE OR REPLACE FUNCTION "bookings_are_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'bookings are history: cancel them instead of deleting them';
END
$$;
