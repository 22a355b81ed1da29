-- Should a session hold more than one unrevoked refresh token, only its newest stays usable.
UPDATE "refresh_tokens" AS "older" SET "revoked_at" = now()
WHERE "older"."revoked_at" IS NULL
  AND EXISTS (
    SELECT 1 FROM "refresh_tokens" AS "newer"
    WHERE "newer"."family_id" = "older"."family_id"
      AND "newer"."revoked_at" IS NULL
      AND ("newer"."created_at", "newer"."id") > ("older"."created_at", "older"."id")
  );--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_live_family_key" ON "refresh_tokens" USING btree ("family_id") WHERE "refresh_tokens"."revoked_at" is null;
