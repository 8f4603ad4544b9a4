CREATE TABLE "sandbox_wallet" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"balance" numeric(20, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_wallet_one_row" CHECK ("sandbox_wallet"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "wallet_debit" numeric(20, 4);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "wallet_usd_rate" numeric(24, 12);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_cost_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "processor_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "disputed_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_topups" ADD COLUMN "discount" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "sandbox_topups" ADD COLUMN "wallet_balance_before" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "sandbox_topups" ADD COLUMN "wallet_balance_after" numeric(20, 2);