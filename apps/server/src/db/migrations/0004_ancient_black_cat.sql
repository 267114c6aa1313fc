CREATE TABLE "sys_quartz_job" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp,
	"del_flag" integer DEFAULT 0,
	"update_by" varchar(64),
	"update_time" timestamp,
	"job_class_name" varchar(255),
	"cron_expression" varchar(255),
	"parameter" varchar(255),
	"description" varchar(255),
	"status" integer DEFAULT -1
);
--> statement-breakpoint
CREATE TABLE "sys_quartz_job_run" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"job_id" varchar(36) NOT NULL,
	"job_class_name" varchar(255),
	"fire_time" timestamp (3) NOT NULL,
	"trigger" varchar(16) NOT NULL,
	"node" varchar(64),
	"start_time" timestamp (3) NOT NULL,
	"end_time" timestamp (3),
	"duration_ms" bigint,
	"outcome" varchar(16) NOT NULL,
	"error_message" varchar(1000),
	"result" varchar(1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_qjr_job_fire" ON "sys_quartz_job_run" USING btree ("job_id","fire_time");--> statement-breakpoint
CREATE INDEX "idx_qjr_job_start" ON "sys_quartz_job_run" USING btree ("job_id","start_time" DESC NULLS LAST);