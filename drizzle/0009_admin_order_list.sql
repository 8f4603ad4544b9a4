CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_country_created_idx" ON "orders" USING btree ("country_iso","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_operator_created_idx" ON "orders" USING btree ("operator_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_phone_created_idx" ON "orders" USING btree ("recipient_phone","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_topup_transaction_idx" ON "orders" USING btree ("topup_transaction_id");