ALTER TABLE "oss_file" ADD COLUMN "tenant_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "idx_oss_file_tenant" ON "oss_file" USING btree ("tenant_id");