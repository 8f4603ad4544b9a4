ALTER TABLE "orders" ADD COLUMN "three_d_secure" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "request_three_d_secure" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "challenge_outcome" jsonb;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "three_d_secure_result" text;