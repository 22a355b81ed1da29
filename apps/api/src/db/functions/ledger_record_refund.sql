-- A refund the provider gave back is money out (trigger refunds_ledger, after a refund is inserted or its
-- status changes): a negative row when it becomes refunded, and a positive one of the same refund if a refund
-- already given back then fails (the customer's bank sent it back). Each once (ledger_entries_refund_key).
CREATE OR REPLACE FUNCTION "ledger_record_refund"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was text := CASE WHEN TG_OP = 'UPDATE' THEN OLD."status"::text END;
BEGIN
  IF NEW."status" = 'refunded' AND was IS DISTINCT FROM 'refunded' THEN
    INSERT INTO "ledger_entries"
      ("booking_id", "kind", "method", "amount_cents", "provider", "provider_reference", "refund_id")
    VALUES
      (NEW."booking_id", 'refund', 'online', -NEW."amount_cents", NEW."provider", NEW."provider_refund_id", NEW."id")
    ON CONFLICT DO NOTHING;
  ELSIF NEW."status" = 'failed' AND was = 'refunded' THEN
    INSERT INTO "ledger_entries"
      ("booking_id", "kind", "method", "amount_cents", "provider", "provider_reference", "refund_id")
    VALUES
      (NEW."booking_id", 'refund', 'online', NEW."amount_cents", NEW."provider", NEW."provider_refund_id", NEW."id")
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
