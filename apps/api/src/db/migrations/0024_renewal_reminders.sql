CREATE TABLE "renewal_reminders" (
	"membership_id" uuid NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "renewal_reminders_membership_id_period_end_pk" PRIMARY KEY("membership_id","period_end")
);
--> statement-breakpoint
ALTER TABLE "renewal_reminders" ADD CONSTRAINT "renewal_reminders_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;