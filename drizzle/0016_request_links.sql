ALTER TABLE "topup_requests" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "paid_order_id" uuid;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "paid_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_paid_order_id_orders_id_fk" FOREIGN KEY ("paid_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "topup_requests_number_idx" ON "topup_requests" USING btree ("country_iso","national_number");--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_id_unique" UNIQUE("id");