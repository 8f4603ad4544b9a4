CREATE TABLE "delivery_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"resolution_reference" text,
	"resolution_note" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"claimed_by" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"skipped_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "saved_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"country_iso" text NOT NULL,
	"national_number" text NOT NULL,
	"operator_id" integer,
	"operator_name" text,
	"name" text,
	"last_topped_up_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topup_requests" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"country_iso" text NOT NULL,
	"national_number" text NOT NULL,
	"suggested_amount_cents" integer,
	"note" text,
	"user_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "receipt_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_reports" ADD CONSTRAINT "delivery_reports_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_reports" ADD CONSTRAINT "delivery_reports_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_outbox" ADD CONSTRAINT "receipt_outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_recipients" ADD CONSTRAINT "saved_recipients_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_reports_open_unique" ON "delivery_reports" USING btree ("order_id") WHERE "delivery_reports"."status" in ('reported', 'checking');--> statement-breakpoint
CREATE INDEX "delivery_reports_order_idx" ON "delivery_reports" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "delivery_reports_open_idx" ON "delivery_reports" USING btree ("created_at") WHERE "delivery_reports"."status" in ('reported', 'checking');--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_outbox_order_kind_unique" ON "receipt_outbox" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "receipt_outbox_due_idx" ON "receipt_outbox" USING btree ("next_attempt_at") WHERE "receipt_outbox"."sent_at" is null and "receipt_outbox"."skipped_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_recipients_user_number_unique" ON "saved_recipients" USING btree ("user_id","country_iso","national_number");--> statement-breakpoint
CREATE INDEX "saved_recipients_user_recent_idx" ON "saved_recipients" USING btree ("user_id","last_topped_up_at","created_at");--> statement-breakpoint
CREATE INDEX "topup_requests_user_idx" ON "topup_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "topup_requests_expires_idx" ON "topup_requests" USING btree ("expires_at");