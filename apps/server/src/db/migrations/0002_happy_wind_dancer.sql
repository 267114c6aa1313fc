ALTER TABLE "sys_depart" ADD COLUMN "tenant_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_role" ADD COLUMN "tenant_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_announcement" ADD COLUMN "tenant_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_sms" ADD COLUMN "tenant_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "idx_sd_tenant_id" ON "sys_depart" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "idx_sl_type_create_time_id" ON "sys_log" USING btree ("log_type","create_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "idx_sl_cost_time_id" ON "sys_log" USING btree ("cost_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "idx_sys_role_tenant_id" ON "sys_role" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "idx_su_create_time_id" ON "sys_user" USING btree ("create_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "idx_su_username_id" ON "sys_user" USING btree ("username" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "idx_sa_tenant_id" ON "sys_announcement" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "idx_ss_tenant_id" ON "sys_sms" USING btree ("tenant_id");