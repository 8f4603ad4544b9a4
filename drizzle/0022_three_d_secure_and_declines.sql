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
ALTER TABLE "orders" ADD COLUMN "three_d_secure" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "request_three_d_secure" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "challenge_outcome" jsonb;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "three_d_secure_result" text;--> statement-breakpoint
ALTER TABLE "payment_declines" ADD COLUMN "payment_id" text NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_authorised_idx" ON "orders" USING btree ("authorised_at") WHERE "orders"."authorised_at" is not null;--> statement-breakpoint
CREATE INDEX "payment_declines_created_idx" ON "payment_declines" USING btree ("created_at");--> statement-breakpoint
-- data statements
-- Every day is added up again at the next look, so that the funnel and the declines count the days added up before.
DELETE FROM "daily_figures_days";
