CREATE TABLE "daily_decline_figures" (
	"day" date NOT NULL,
	"reason" text NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "daily_decline_figures_day_reason_pk" PRIMARY KEY("day","reason")
);
--> statement-breakpoint
ALTER TABLE "daily_status_figures" ADD COLUMN "authorised" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_status_figures" ADD COLUMN "delivered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "decline_code" text;--> statement-breakpoint
-- data statements
-- Every day is added up again at the next look, so that the funnel and the declines count the days added up before.
DELETE FROM "daily_figures_days";
