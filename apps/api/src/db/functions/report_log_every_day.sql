-- Logs a null day in `report_changes` (every day's offered bay-minutes) when what bays exist, serve or may be
-- used changes (triggers services_report_update, bays_report_change, bay_services_report_change,
-- service_bays_report_change).
CREATE OR REPLACE FUNCTION "report_log_every_day"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "report_changes" ("day") VALUES (NULL);
  RETURN NULL;
END
$$;
