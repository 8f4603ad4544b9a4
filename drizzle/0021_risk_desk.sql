CREATE TABLE "order_risk_signals" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"client_address" text,
	"checkout" jsonb NOT NULL,
	"payment" jsonb,
	"checkout_decision" text NOT NULL,
	"payment_decision" text,
	"fired_rules" jsonb NOT NULL,
	"review_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_declines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"client_address" text,
	"card_fingerprint" text,
	"code" text,
	"event_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_blocklist" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"reason" text NOT NULL,
	"created_by_id" text NOT NULL,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"rules" jsonb NOT NULL,
	"review_window_minutes" integer NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by_id" text NOT NULL,
	"updated_by_email" text NOT NULL,
	CONSTRAINT "risk_settings_one_row" CHECK ("risk_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "card" jsonb;--> statement-breakpoint
ALTER TABLE "order_risk_signals" ADD CONSTRAINT "order_risk_signals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_declines" ADD CONSTRAINT "payment_declines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_declines_event_unique" ON "payment_declines" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "payment_declines_user_idx" ON "payment_declines" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_declines_address_idx" ON "payment_declines" USING btree ("client_address","created_at");--> statement-breakpoint
CREATE INDEX "payment_declines_card_idx" ON "payment_declines" USING btree ("card_fingerprint","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_blocklist_kind_value_unique" ON "risk_blocklist" USING btree ("kind","value");