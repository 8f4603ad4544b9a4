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
CREATE TABLE "sandbox_wallet" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"balance" numeric(20, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_wallet_one_row" CHECK ("sandbox_wallet"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "commission_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "wallet_debit" numeric(20, 4);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "wallet_debit_expected" numeric(20, 4);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "wallet_usd_rate" numeric(24, 12);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_cost_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "processor_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "disputed_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_topups" ADD COLUMN "discount" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "sandbox_topups" ADD COLUMN "wallet_balance_before" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "sandbox_topups" ADD COLUMN "wallet_balance_after" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "wallet_differences" ADD CONSTRAINT "wallet_differences_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_differences_day_idx" ON "wallet_differences" USING btree ("day");