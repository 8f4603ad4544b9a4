CREATE TABLE "sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"fingerprint" text NOT NULL,
	"card" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"detached_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "saved_payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "payment_customer_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "customer" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "setup_future_usage" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "saved_payment_methods" ADD CONSTRAINT "saved_payment_methods_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_payment_methods_customer_idx" ON "sandbox_payment_methods" USING btree ("customer");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_payment_methods_provider_method_unique" ON "saved_payment_methods" USING btree ("provider","provider_method_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_payment_methods_user_card_unique" ON "saved_payment_methods" USING btree ("user_id","provider","fingerprint") WHERE "saved_payment_methods"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "saved_payment_methods_user_idx" ON "saved_payment_methods" USING btree ("user_id","created_at");