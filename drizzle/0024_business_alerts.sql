CREATE TABLE "alert_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"low_balance_cents" integer,
	"operator_failures" integer NOT NULL,
	"operator_failed_percent" integer NOT NULL,
	"operator_minutes" integer NOT NULL,
	"switch_off_failing_operators" boolean NOT NULL,
	"decline_percent" integer NOT NULL,
	"decline_min_payments" integer NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by_id" text NOT NULL,
	"updated_by_email" text NOT NULL,
	CONSTRAINT "alert_settings_one_row" CHECK ("alert_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "business_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"details" jsonb NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_id" text,
	"resolved_by_email" text,
	"resolution_note" text,
	"email_wanted" boolean DEFAULT false NOT NULL,
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "business_check_runs" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"balance_read_at" timestamp with time zone,
	CONSTRAINT "business_check_runs_one_row" CHECK ("business_check_runs"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "wallet_balance_readings" (
	"id" serial PRIMARY KEY NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"balance" numeric(20, 4) NOT NULL,
	"currency_code" text NOT NULL,
	"usd_cents" bigint
);
--> statement-breakpoint
ALTER TABLE "business_alerts" ADD CONSTRAINT "business_alerts_resolved_by_id_user_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_alerts_open_unique" ON "business_alerts" USING btree ("kind","key") WHERE "business_alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "business_alerts_raised_idx" ON "business_alerts" USING btree ("raised_at");--> statement-breakpoint
CREATE INDEX "wallet_balance_readings_read_idx" ON "wallet_balance_readings" USING btree ("read_at");