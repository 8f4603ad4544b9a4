CREATE TABLE "daily_settlement_figures" (
	"day" date NOT NULL,
	"country_iso" text NOT NULL,
	"operator_id" integer NOT NULL,
	"operator_name" text NOT NULL,
	"orders_completed" integer NOT NULL,
	"orders_refunded" integer NOT NULL,
	"orders_disputed" integer NOT NULL,
	"captured_cents" bigint NOT NULL,
	"refunded_cents" bigint NOT NULL,
	"disputed_cents" bigint NOT NULL,
	"processor_fee_cents" bigint NOT NULL,
	"provider_cost_cents" bigint NOT NULL,
	"fees_charged_cents" bigint NOT NULL,
	"margin_cents" bigint NOT NULL,
	CONSTRAINT "daily_settlement_figures_day_operator_id_country_iso_pk" PRIMARY KEY("day","operator_id","country_iso")
);
--> statement-breakpoint
CREATE TABLE "daily_wallet_figures" (
	"day" date PRIMARY KEY NOT NULL,
	"currency_code" text NOT NULL,
	"start_balance" numeric(20, 4) NOT NULL,
	"end_balance" numeric(20, 4) NOT NULL,
	"debits" numeric(20, 4) NOT NULL,
	"difference_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_differences" (
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"previous_order_id" uuid,
	"day" date NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"amount_cents" bigint NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_differences_order_id_kind_pk" PRIMARY KEY("order_id","kind")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "wallet_debit_expected" numeric(20, 4);--> statement-breakpoint
ALTER TABLE "wallet_differences" ADD CONSTRAINT "wallet_differences_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_differences_day_idx" ON "wallet_differences" USING btree ("day");