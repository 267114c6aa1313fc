CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "idx_sl_content_trgm" ON "sys_log" USING gin ("log_content" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "idx_su_username_trgm" ON "sys_user" USING gin ("username" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "idx_su_realname_trgm" ON "sys_user" USING gin ("realname" gin_trgm_ops) WITH (fastupdate=false);