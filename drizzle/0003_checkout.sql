CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"source" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"order_key" text NOT NULL,
	"status" text NOT NULL,
	"operator_id" integer NOT NULL,
	"operator_name" text NOT NULL,
	"country_iso" text NOT NULL,
	"recipient_phone" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"percentage_fee_cents" integer NOT NULL,
	"standard_fee_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"local_amount" numeric(20, 2),
	"destination_currency_code" text NOT NULL,
	"receipt_email" text,
	"payment_provider" text NOT NULL,
	"payment_intent_id" text,
	"custom_identifier" text NOT NULL,
	"topup_transaction_id" text,
	"delivered_amount" numeric(20, 4),
	"delivered_currency_code" text,
	"transaction_date" text,
	"failure_code" text,
	"failure_message" text,
	"next_check_at" timestamp with time zone,
	"check_attempts" integer DEFAULT 0 NOT NULL,
	"authorised_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"capture_method" text NOT NULL,
	"payment_method_type" text,
	"amount_received" integer DEFAULT 0 NOT NULL,
	"receipt_email" text,
	"metadata" jsonb NOT NULL,
	"last_payment_error" jsonb,
	"cancellation_reason" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_topups" (
	"transaction_id" serial PRIMARY KEY NOT NULL,
	"custom_identifier" text NOT NULL,
	"operator_id" integer NOT NULL,
	"operator_name" text NOT NULL,
	"country_iso" text NOT NULL,
	"recipient_phone" text NOT NULL,
	"status" text NOT NULL,
	"requested_amount" numeric(20, 2) NOT NULL,
	"delivered_amount" numeric(20, 4) NOT NULL,
	"delivered_currency_code" text NOT NULL,
	"status_reads" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_order_key_unique" ON "orders" USING btree ("user_id","order_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_intent_unique" ON "orders" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_custom_identifier_unique" ON "orders" USING btree ("custom_identifier");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_recipient_created_idx" ON "orders" USING btree ("country_iso","recipient_phone","created_at");--> statement-breakpoint
CREATE INDEX "orders_next_check_idx" ON "orders" USING btree ("next_check_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payment_intents_idempotency_unique" ON "sandbox_payment_intents" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_topups_custom_identifier_unique" ON "sandbox_topups" USING btree ("custom_identifier");