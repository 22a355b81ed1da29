-- Logs in `report_changes` the business days of the slots of the bookings a statement inserted, updated or
-- deleted (triggers bookings_report_insert, bookings_report_update, bookings_report_delete).
CREATE OR REPLACE FUNCTION "report_log_booking_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "report_changes" ("day")
      SELECT DISTINCT s."date" FROM new_rows r JOIN "slots" s ON s."id" = r."slot_id";
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "report_changes" ("day")
      SELECT DISTINCT s."date" FROM old_rows r JOIN "slots" s ON s."id" = r."slot_id";
  END IF;
  RETURN NULL;
END
$$;
