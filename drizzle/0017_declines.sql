CREATE TABLE "daily_decline_figures" (
	"day" date NOT NULL,
	"reason" text NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "daily_decline_figures_day_reason_pk" PRIMARY KEY("day","reason")
);
--> statement-breakpoint
CREATE TABLE "payment_declines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_id" text NOT NULL,
	"reason" text NOT NULL,
	"event_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "daily_status_figures" ADD COLUMN "authorised" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_status_figures" ADD COLUMN "delivered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "decline_code" text;--> statement-breakpoint
ALTER TABLE "payment_declines" ADD CONSTRAINT "payment_declines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_declines_event_unique" ON "payment_declines" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "payment_declines_created_idx" ON "payment_declines" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_authorised_idx" ON "orders" USING btree ("authorised_at") WHERE "orders"."authorised_at" is not null;--> statement-breakpoint
-- data statements
-- Every day is added up again at the next look, so that the funnel and the declines count the days added up before.
DELETE FROM "daily_figures_days";
