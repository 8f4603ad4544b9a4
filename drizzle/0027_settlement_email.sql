CREATE TABLE "settlement_emails" (
	"day" date PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"recipients" integer
);
--> statement-breakpoint
ALTER TABLE "alert_settings" ADD COLUMN "settlement_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD COLUMN "settlement_email_hour" smallint DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_settlement_email_hour" CHECK ("alert_settings"."settlement_email_hour" between 0 and 23);