CREATE TABLE "price_config_changes" (
	"version" integer PRIMARY KEY NOT NULL,
	"airtime_fee" numeric(10, 4) NOT NULL,
	"standard_fee" numeric(10, 4) NOT NULL,
	"actor_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_limits" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"daily_spend_limit_cents" integer NOT NULL,
	"recipient_cooldown_minutes" integer NOT NULL,
	"checkout_attempts_per_minute" integer NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by_id" text NOT NULL,
	"updated_by_email" text NOT NULL,
	CONSTRAINT "service_limits_one_row" CHECK ("service_limits"."id" = 1)
);
