CREATE TABLE "sys_announcement" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"titile" varchar(100),
	"msg_content" text,
	"start_time" timestamp,
	"end_time" timestamp,
	"sender" varchar(100),
	"priority" varchar(255),
	"msg_category" varchar(10) DEFAULT '2' NOT NULL,
	"msg_type" varchar(10),
	"send_status" varchar(10),
	"send_time" timestamp,
	"cancel_time" timestamp,
	"del_flag" varchar(1) DEFAULT '0' NOT NULL,
	"bus_type" varchar(20),
	"bus_id" varchar(50),
	"open_type" varchar(20),
	"open_page" varchar(255),
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp,
	"user_ids" text,
	"msg_abstract" text,
	"dt_task_id" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "sys_announcement_send" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"annt_id" varchar(36) NOT NULL,
	"user_id" varchar(36) NOT NULL,
	"read_flag" varchar(10) DEFAULT '0' NOT NULL,
	"read_time" timestamp,
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp
);
--> statement-breakpoint
CREATE TABLE "sys_category" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"pid" varchar(36) DEFAULT '0' NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(100) NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp,
	"sys_org_code" varchar(64),
	"has_child" varchar(3)
);
--> statement-breakpoint
CREATE TABLE "sys_check_rule" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"rule_name" varchar(100),
	"rule_code" varchar(100) NOT NULL,
	"rule_json" varchar(1024),
	"rule_description" varchar(200),
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp
);
--> statement-breakpoint
CREATE TABLE "sys_data_log" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp,
	"data_table" varchar(32),
	"data_id" varchar(36),
	"data_content" text,
	"data_version" integer
);
--> statement-breakpoint
CREATE TABLE "sys_fill_rule" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"rule_name" varchar(100),
	"rule_code" varchar(100) NOT NULL,
	"rule_class" varchar(100),
	"rule_params" varchar(200),
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp
);
--> statement-breakpoint
CREATE TABLE "sys_fill_rule_counter" (
	"rule_code" varchar(100) NOT NULL,
	"period" varchar(32) NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sys_fill_rule_counter_rule_code_period_pk" PRIMARY KEY("rule_code","period")
);
--> statement-breakpoint
CREATE TABLE "sys_sms" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"es_title" varchar(100),
	"es_type" varchar(1),
	"es_receiver" varchar(50),
	"es_param" varchar(1000),
	"es_content" text,
	"es_send_time" timestamp,
	"es_send_status" varchar(1),
	"es_send_num" integer,
	"es_result" varchar(255),
	"remark" varchar(500),
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp
);
--> statement-breakpoint
CREATE TABLE "sys_sms_template" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"template_name" varchar(50),
	"template_code" varchar(32) NOT NULL,
	"template_type" varchar(1) NOT NULL,
	"template_content" varchar(1000) NOT NULL,
	"template_test_json" varchar(1000),
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp
);
--> statement-breakpoint
CREATE INDEX "idx_sa_send_status" ON "sys_announcement" USING btree ("send_status");--> statement-breakpoint
CREATE INDEX "idx_sa_del_flag" ON "sys_announcement" USING btree ("del_flag");--> statement-breakpoint
CREATE INDEX "idx_sa_create_time" ON "sys_announcement" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sas_annt_user" ON "sys_announcement_send" USING btree ("annt_id","user_id");--> statement-breakpoint
CREATE INDEX "idx_sas_user_read" ON "sys_announcement_send" USING btree ("user_id","read_flag");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_category_code" ON "sys_category" USING btree ("code");--> statement-breakpoint
CREATE INDEX "idx_sc_pid" ON "sys_category" USING btree ("pid");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_check_rule_code" ON "sys_check_rule" USING btree ("rule_code");--> statement-breakpoint
CREATE INDEX "idx_sdl_table_id" ON "sys_data_log" USING btree ("data_table","data_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sdl_table_id_version" ON "sys_data_log" USING btree ("data_table","data_id","data_version");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_fill_rule_code" ON "sys_fill_rule" USING btree ("rule_code");--> statement-breakpoint
CREATE INDEX "idx_ss_send_status" ON "sys_sms" USING btree ("es_send_status");--> statement-breakpoint
CREATE INDEX "idx_ss_create_time" ON "sys_sms" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_templatecode" ON "sys_sms_template" USING btree ("template_code");