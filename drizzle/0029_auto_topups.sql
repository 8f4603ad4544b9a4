CREATE TABLE "auto_topup_runs" (
	"schedule_id" uuid NOT NULL,
	"period" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"order_id" uuid,
	"failure_code" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_topup_runs_schedule_id_period_pk" PRIMARY KEY("schedule_id","period")
);
--> statement-breakpoint
CREATE TABLE "auto_topups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"country_iso" text NOT NULL,
	"recipient_phone" text NOT NULL,
	"operator_id" integer NOT NULL,
	"operator_name" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"interval_days" smallint NOT NULL,
	"saved_card_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"paused_reason" text,
	"next_period" integer DEFAULT 0 NOT NULL,
	"next_due_at" timestamp with time zone NOT NULL,
	"reminded_period" integer,
	"failures" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_topups_interval_check" CHECK ("auto_topups"."interval_days" in (7, 14, 28, 30)),
	CONSTRAINT "auto_topups_status_check" CHECK ("auto_topups"."status" in ('active', 'paused'))
);
--> statement-breakpoint
ALTER TABLE "auto_topup_runs" ADD CONSTRAINT "auto_topup_runs_schedule_id_auto_topups_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."auto_topups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_topup_runs" ADD CONSTRAINT "auto_topup_runs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_topups" ADD CONSTRAINT "auto_topups_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_topups" ADD CONSTRAINT "auto_topups_saved_card_id_saved_payment_methods_id_fk" FOREIGN KEY ("saved_card_id") REFERENCES "public"."saved_payment_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_topup_runs_charging_idx" ON "auto_topup_runs" USING btree ("lease_until") WHERE "auto_topup_runs"."outcome" = 'charging';--> statement-breakpoint
CREATE INDEX "auto_topup_runs_order_idx" ON "auto_topup_runs" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "auto_topups_user_idx" ON "auto_topups" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "auto_topups_due_idx" ON "auto_topups" USING btree ("status","next_due_at");