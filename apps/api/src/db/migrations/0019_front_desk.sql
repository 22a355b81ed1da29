CREATE TYPE "public"."move_reason" AS ENUM('customer', 'weather', 'shop', 'other');--> statement-breakpoint
CREATE TYPE "public"."pay_with" AS ENUM('online', 'link', 'counter', 'card');--> statement-breakpoint
CREATE TYPE "public"."payment_kind" AS ENUM('deposit', 'full', 'balance', 'fee', 'refund');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('online', 'card_on_file', 'cash', 'card');--> statement-breakpoint
ALTER TYPE "public"."role" ADD VALUE 'staff' BEFORE 'user';--> statement-breakpoint
CREATE TABLE "booking_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"from_slot_id" uuid NOT NULL,
	"to_slot_id" uuid NOT NULL,
	"moved_by" uuid,
	"reason" "move_reason",
	"reason_text" text,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_moves_reason_text_check" CHECK (char_length("booking_moves"."reason_text") <= 200)
);
--> statement-breakpoint
CREATE TABLE "booking_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_notes_body_check" CHECK (char_length("booking_notes"."body") between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" "payment_kind" NOT NULL,
	"method" "payment_method" NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider" text,
	"provider_reference" text,
	"checkout_id" uuid,
	"refund_id" uuid,
	"idempotency_key" text,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_sign_check" CHECK (case when "ledger_entries"."kind" = 'refund' then "ledger_entries"."amount_cents" < 0 or "ledger_entries"."refund_id" is not null else "ledger_entries"."amount_cents" > 0 end and "ledger_entries"."amount_cents" <> 0),
	CONSTRAINT "ledger_entries_method_check" CHECK (("ledger_entries"."method" = 'online') = ("ledger_entries"."checkout_id" is not null or ("ledger_entries"."kind" = 'refund' and "ledger_entries"."refund_id" is not null)))
);
--> statement-breakpoint
CREATE TABLE "role_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"user_email" text NOT NULL,
	"changed_by" uuid,
	"changed_by_name" text NOT NULL,
	"from_role" "role" NOT NULL,
	"to_role" "role" NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_changes_change_check" CHECK ("role_changes"."from_role" <> "role_changes"."to_role")
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "pay_with" "pay_with" DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "booked_by" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "booked_by_shop" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "customer_note" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "purpose" text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purpose" "payment_kind" DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_moves" ADD CONSTRAINT "booking_moves_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_moves" ADD CONSTRAINT "booking_moves_from_slot_id_slots_id_fk" FOREIGN KEY ("from_slot_id") REFERENCES "public"."slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_moves" ADD CONSTRAINT "booking_moves_to_slot_id_slots_id_fk" FOREIGN KEY ("to_slot_id") REFERENCES "public"."slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_moves" ADD CONSTRAINT "booking_moves_moved_by_users_id_fk" FOREIGN KEY ("moved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_notes" ADD CONSTRAINT "booking_notes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_notes" ADD CONSTRAINT "booking_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_checkout_id_payments_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_changes" ADD CONSTRAINT "role_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_changes" ADD CONSTRAINT "role_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_moves_booking_idx" ON "booking_moves" USING btree ("booking_id","moved_at");--> statement-breakpoint
CREATE INDEX "booking_notes_booking_idx" ON "booking_notes" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_booking_idx" ON "ledger_entries" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_created_at_idx" ON "ledger_entries" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_checkout_key" ON "ledger_entries" USING btree ("checkout_id") WHERE "ledger_entries"."checkout_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_key" ON "ledger_entries" USING btree ("idempotency_key") WHERE "ledger_entries"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_refund_key" ON "ledger_entries" USING btree ("refund_id",("amount_cents" > 0)) WHERE "ledger_entries"."refund_id" is not null;--> statement-breakpoint
CREATE INDEX "role_changes_changed_at_idx" ON "role_changes" USING btree ("changed_at","id");--> statement-breakpoint
CREATE INDEX "role_changes_user_idx" ON "role_changes" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_customer_note_check" CHECK (char_length("bookings"."customer_note") <= 500);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancel_reason_check" CHECK (char_length("bookings"."cancel_reason") <= 200);--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_purpose_check" CHECK ("password_reset_tokens"."purpose" in ('reset', 'claim'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_check" CHECK ("payments"."purpose" <> 'refund');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_reachable_check" CHECK ("users"."email" is not null or "users"."phone" is not null);--> statement-breakpoint
-- Today's money becomes the ledger: each paid checkout a full payment online, each refund given back a refund.
INSERT INTO "ledger_entries"
  ("booking_id", "kind", "method", "amount_cents", "provider", "provider_reference", "checkout_id", "created_at")
SELECT "booking_id", 'full', 'online', "amount_cents", "provider", "session_id", "id", "updated_at"
FROM "payments" WHERE "status" = 'paid';--> statement-breakpoint
INSERT INTO "ledger_entries"
  ("booking_id", "kind", "method", "amount_cents", "provider", "provider_reference", "refund_id", "created_at")
SELECT "booking_id", 'refund', 'online', -"amount_cents", "provider", "provider_refund_id", "id", "updated_at"
FROM "refunds" WHERE "status" = 'refunded';--> statement-breakpoint
-- include functions/ledger_entry_allowed.sql b710be579184447763d44c0ef2f108a3f8e726d8e59db0db749b8e54d89013c6
--> statement-breakpoint
-- include functions/ledger_entries_are_kept.sql ca3336ab4964e67aa0677358cbc639b7482171620c6e11d38c12838154da5070
--> statement-breakpoint
-- include functions/ledger_record_checkout.sql 2d93f0970fa8b326ec6a07aca7f117ff800fbad38a0c4c8ce64240de19374d89
--> statement-breakpoint
-- include functions/ledger_record_refund.sql 380e42af789d45a277181df1d5f83651d63b984e608d6cf264a906fb0f95a8b6
--> statement-breakpoint
CREATE TRIGGER "ledger_within_paid" BEFORE INSERT ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entry_allowed"();--> statement-breakpoint
CREATE TRIGGER "ledger_kept" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_are_kept"();--> statement-breakpoint
CREATE TRIGGER "payments_ledger" AFTER INSERT OR UPDATE OF "status" ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "ledger_record_checkout"();--> statement-breakpoint
CREATE TRIGGER "refunds_ledger" AFTER INSERT OR UPDATE OF "status" ON "refunds"
  FOR EACH ROW EXECUTE FUNCTION "ledger_record_refund"();
