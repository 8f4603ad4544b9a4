CREATE TABLE "fee_rule_changes" (
	"version" integer PRIMARY KEY NOT NULL,
	"country_iso" text NOT NULL,
	"provider" text,
	"operator_id" integer,
	"operator_name" text,
	"airtime_fee" numeric(10, 4),
	"standard_fee" numeric(10, 4),
	"actor_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_iso" text NOT NULL,
	"provider" text,
	"operator_id" integer,
	"operator_name" text,
	"airtime_fee" numeric(10, 4) NOT NULL,
	"standard_fee" numeric(10, 4) NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by_id" text NOT NULL,
	"updated_by_email" text NOT NULL,
	CONSTRAINT "fee_rules_scope_unique" UNIQUE NULLS NOT DISTINCT("country_iso","provider","operator_id"),
	CONSTRAINT "fee_rules_operator_has_provider" CHECK (("fee_rules"."provider" is null) = ("fee_rules"."operator_id" is null))
);
--> statement-breakpoint
ALTER TABLE "daily_delivery_times" ALTER COLUMN "seconds" SET DATA TYPE numeric(12, 1);--> statement-breakpoint
-- data statements
-- The delivery times kept so far were rounded to the nearest second: every day is added up again at the next look.
DELETE FROM "daily_figures_days";
