-- Logs in `report_changes` the business days of the slots a statement inserted, updated or deleted
-- (triggers slots_report_insert, slots_report_update, slots_report_delete).
CREATE OR REPLACE FUNCTION "report_log_slot_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "report_changes" ("day") SELECT DISTINCT "date" FROM new_rows;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "report_changes" ("day") SELECT DISTINCT "date" FROM old_rows;
  END IF;
  RETURN NULL;
END
$$;
