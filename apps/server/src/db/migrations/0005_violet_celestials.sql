CREATE TABLE "oss_file" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"file_name" varchar(255),
	"url" varchar(1000),
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp,
	"storage" varchar(16) DEFAULT 'local' NOT NULL,
	"storage_key" varchar(500) NOT NULL,
	"file_type" varchar(16),
	"file_size" bigint,
	"biz" varchar(32)
);
--> statement-breakpoint
CREATE TABLE "sys_data_source" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"code" varchar(100),
	"name" varchar(100),
	"remark" varchar(200),
	"db_type" varchar(10),
	"db_driver" varchar(100),
	"db_url" varchar(500),
	"db_name" varchar(100),
	"db_username" varchar(100),
	"db_password" varchar(500),
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE INDEX "idx_oss_file_create_time" ON "oss_file" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_oss_file_key" ON "oss_file" USING btree ("storage","storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_sdc_rule_code" ON "sys_data_source" USING btree ("code");