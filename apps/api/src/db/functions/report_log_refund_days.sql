-- Logs in `report_changes` the business days of the bookings whose refunds a statement inserted or updated
-- (triggers refunds_report_insert, refunds_report_update).
CREATE OR REPLACE FUNCTION "report_log_refund_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "report_changes" ("day")
    SELECT DISTINCT s."date" FROM new_rows r
    JOIN "bookings" b ON b."id" = r."booking_id"
    JOIN "slots" s ON s."id" = b."slot_id";
  RETURN NULL;
END
$$;
