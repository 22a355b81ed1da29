-- The ledger is history (trigger ledger_kept, before an update or a delete of ledger_entries): a movement of
-- money is corrected by another row, never by changing or removing one.
CREATE OR REPLACE FUNCTION "ledger_entries_are_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are kept: % refused', TG_OP
    USING ERRCODE = 'restrict_violation', CONSTRAINT = 'ledger_entries_kept';
END
$$;
