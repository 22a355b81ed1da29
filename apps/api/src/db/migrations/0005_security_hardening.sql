CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
-- Every refresh-token family so far becomes a session, revoked unless one of its tokens still works.
INSERT INTO "sessions" ("id", "user_id", "revoked_at", "created_at")
SELECT "family_id", (array_agg("user_id"))[1],
  CASE WHEN bool_or("revoked_at" IS NULL AND "expires_at" > now()) THEN NULL ELSE now() END,
  min("created_at")
FROM "refresh_tokens" GROUP BY "family_id";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_family_id_sessions_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_customer_pending_idx" ON "bookings" USING btree ("customer_id") WHERE "bookings"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "reviews_user_created_at_idx" ON "reviews" USING btree ("user_id","created_at");--> statement-breakpoint
UPDATE "reviews" SET "verified" = true
WHERE EXISTS (SELECT 1 FROM "bookings" WHERE "bookings"."customer_id" = "reviews"."user_id" AND "bookings"."payment" = 'paid');