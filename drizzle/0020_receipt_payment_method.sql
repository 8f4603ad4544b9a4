ALTER TABLE "orders" ADD COLUMN "payment_method_type" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method_brand" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method_last4" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "card_last4" text;