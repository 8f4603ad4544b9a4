CREATE TABLE "daily_delivery_times" (
	"day" date NOT NULL,
	"seconds" integer NOT NULL,
	"orders" integer NOT NULL,
	"total_ms" bigint NOT NULL,
	CONSTRAINT "daily_delivery_times_day_seconds_pk" PRIMARY KEY("day","seconds")
);
--> statement-breakpoint
CREATE TABLE "daily_figures_checks" (
	"id" integer PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_figures_days" (
	"day" date PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_operator_figures" (
	"day" date NOT NULL,
	"operator_id" integer NOT NULL,
	"country_iso" text NOT NULL,
	"operator_name" text NOT NULL,
	"orders" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	CONSTRAINT "daily_operator_figures_day_operator_id_country_iso_pk" PRIMARY KEY("day","operator_id","country_iso")
);
--> statement-breakpoint
CREATE TABLE "daily_status_figures" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"orders" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"deliveries_sent" integer NOT NULL,
	CONSTRAINT "daily_status_figures_day_status_pk" PRIMARY KEY("day","status")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_updated_idx" ON "orders" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "orders_refunded_idx" ON "orders" USING btree ("refunded_at") WHERE "orders"."refunded_at" is not null;