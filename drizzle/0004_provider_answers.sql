ALTER TABLE "operators" ADD COLUMN "bundle" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "data" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "pin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "amount_descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "plan_description" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "operator_transaction_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_discount" numeric(20, 4);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_discount_currency_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "wallet_balance_after" numeric(20, 4);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "wallet_currency_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pin_detail_encrypted" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "attention_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "attention_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_topups" ADD COLUMN "pin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_attention_idx" ON "orders" USING btree ("attention_since");