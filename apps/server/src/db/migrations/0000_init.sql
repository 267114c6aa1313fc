CREATE TABLE "sys_depart" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"parent_id" varchar(36) DEFAULT '',
	"depart_name" varchar(100) NOT NULL,
	"depart_name_en" varchar(500),
	"depart_name_abbr" varchar(500),
	"depart_order" integer DEFAULT 0,
	"description" varchar(500),
	"org_category" varchar(10) DEFAULT '1' NOT NULL,
	"org_type" varchar(10),
	"org_code" varchar(64) NOT NULL,
	"mobile" varchar(32),
	"fax" varchar(32),
	"address" varchar(100),
	"memo" varchar(500),
	"status" varchar(1) DEFAULT '1',
	"del_flag" varchar(1) DEFAULT '0',
	"qywx_identifier" varchar(100),
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp
);
--> statement-breakpoint
CREATE TABLE "sys_depart_permission" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"depart_id" varchar(36) NOT NULL,
	"permission_id" varchar(36) NOT NULL,
	"data_rule_ids" varchar(1000)
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"depart_id" varchar(36) NOT NULL,
	"role_name" varchar(200),
	"role_code" varchar(100),
	"description" varchar(255),
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role_permission" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"depart_id" varchar(36),
	"role_id" varchar(36) NOT NULL,
	"permission_id" varchar(36) NOT NULL,
	"data_rule_ids" varchar(1000),
	"operate_date" timestamp,
	"operate_ip" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role_user" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"user_id" varchar(36) NOT NULL,
	"drole_id" varchar(36) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dict" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"dict_name" varchar(100) NOT NULL,
	"dict_code" varchar(100) NOT NULL,
	"description" varchar(255),
	"del_flag" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp,
	"type" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dict_item" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"dict_id" varchar(36) NOT NULL,
	"item_text" varchar(100) NOT NULL,
	"item_value" varchar(100) NOT NULL,
	"description" varchar(255),
	"sort_order" integer DEFAULT 0,
	"status" integer DEFAULT 1 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp
);
--> statement-breakpoint
CREATE TABLE "sys_log" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"log_type" integer,
	"log_content" varchar(1000),
	"operate_type" integer,
	"userid" varchar(100),
	"username" varchar(100),
	"ip" varchar(100),
	"method" varchar(500),
	"request_url" varchar(255),
	"request_param" text,
	"request_type" varchar(10),
	"cost_time" integer,
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp
);
--> statement-breakpoint
CREATE TABLE "sys_permission" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"parent_id" varchar(36),
	"name" varchar(255),
	"url" varchar(255),
	"component" varchar(255),
	"component_name" varchar(100),
	"redirect" varchar(255),
	"menu_type" integer,
	"perms" varchar(1000),
	"perms_type" varchar(10) DEFAULT '0',
	"sort_no" double precision,
	"always_show" boolean DEFAULT false NOT NULL,
	"icon" varchar(100),
	"is_route" boolean DEFAULT true NOT NULL,
	"is_leaf" boolean DEFAULT true NOT NULL,
	"keep_alive" boolean DEFAULT false NOT NULL,
	"hidden" integer DEFAULT 0 NOT NULL,
	"hide_tab" integer DEFAULT 0 NOT NULL,
	"description" varchar(255),
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"rule_flag" integer DEFAULT 0 NOT NULL,
	"status" varchar(2) DEFAULT '1',
	"internal_or_external" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_permission_data_rule" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"permission_id" varchar(36),
	"rule_name" varchar(50),
	"rule_column" varchar(50),
	"rule_conditions" varchar(50),
	"rule_value" varchar(300),
	"status" varchar(3) DEFAULT '1',
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp
);
--> statement-breakpoint
CREATE TABLE "sys_position" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"code" varchar(100) NOT NULL,
	"name" varchar(100) NOT NULL,
	"post_rank" varchar(2),
	"company_id" varchar(36),
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "sys_role" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"role_name" varchar(200),
	"role_code" varchar(100) NOT NULL,
	"description" varchar(255),
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp
);
--> statement-breakpoint
CREATE TABLE "sys_role_permission" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"role_id" varchar(36) NOT NULL,
	"permission_id" varchar(36) NOT NULL,
	"data_rule_ids" varchar(1000),
	"operate_date" timestamp,
	"operate_ip" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "sys_session" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" varchar(36) NOT NULL,
	"username" varchar(100) NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"last_seen_at" timestamp DEFAULT now() NOT NULL,
	"expires_at" timestamp NOT NULL,
	"ip" varchar(100),
	"user_agent" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "sys_tenant" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"create_time" timestamp,
	"create_by" varchar(64),
	"begin_date" timestamp,
	"end_date" timestamp,
	"status" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"username" varchar(100) NOT NULL,
	"realname" varchar(100),
	"password" varchar(255),
	"salt" varchar(45),
	"avatar" varchar(255),
	"birthday" date,
	"sex" smallint,
	"email" varchar(64),
	"phone" varchar(45),
	"org_code" varchar(64),
	"status" smallint DEFAULT 1 NOT NULL,
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"third_id" varchar(100),
	"third_type" varchar(100),
	"activiti_sync" smallint,
	"work_no" varchar(100),
	"post" varchar(100),
	"telephone" varchar(45),
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp,
	"user_identity" smallint,
	"depart_ids" varchar(1000),
	"rel_tenant_ids" varchar(100),
	"client_id" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "sys_user_depart" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"user_id" varchar(36) NOT NULL,
	"dep_id" varchar(36) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user_role" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"user_id" varchar(36) NOT NULL,
	"role_id" varchar(36) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_depart_org_code" ON "sys_depart" USING btree ("org_code");--> statement-breakpoint
CREATE INDEX "idx_sd_parent_id" ON "sys_depart" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_depart_permission" ON "sys_depart_permission" USING btree ("depart_id","permission_id");--> statement-breakpoint
CREATE INDEX "idx_sdr_depart_id" ON "sys_depart_role" USING btree ("depart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_depart_role_permission" ON "sys_depart_role_permission" USING btree ("role_id","permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_depart_role_user" ON "sys_depart_role_user" USING btree ("user_id","drole_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sd_dict_code" ON "sys_dict" USING btree ("dict_code");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sdi_dict_value" ON "sys_dict_item" USING btree ("dict_id","item_value");--> statement-breakpoint
CREATE INDEX "idx_sdi_sort_order" ON "sys_dict_item" USING btree ("sort_order");--> statement-breakpoint
CREATE INDEX "idx_sl_userid" ON "sys_log" USING btree ("userid");--> statement-breakpoint
CREATE INDEX "idx_sl_log_type" ON "sys_log" USING btree ("log_type");--> statement-breakpoint
CREATE INDEX "idx_sl_operate_type" ON "sys_log" USING btree ("operate_type");--> statement-breakpoint
CREATE INDEX "idx_sl_create_time" ON "sys_log" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "idx_sp_parent_id" ON "sys_permission" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "idx_sp_menu_type" ON "sys_permission" USING btree ("menu_type");--> statement-breakpoint
CREATE INDEX "idx_sp_sort_no" ON "sys_permission" USING btree ("sort_no");--> statement-breakpoint
CREATE INDEX "idx_spdr_permission_id" ON "sys_permission_data_rule" USING btree ("permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_code" ON "sys_position" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_role_role_code" ON "sys_role" USING btree ("role_code");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_role_permission" ON "sys_role_permission" USING btree ("role_id","permission_id");--> statement-breakpoint
CREATE INDEX "idx_srp_permission_id" ON "sys_role_permission" USING btree ("permission_id");--> statement-breakpoint
CREATE INDEX "idx_session_user_id" ON "sys_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "idx_session_expires_at" ON "sys_session" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_user_username" ON "sys_user" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_user_work_no" ON "sys_user" USING btree ("work_no");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_user_phone" ON "sys_user" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_user_email" ON "sys_user" USING btree ("email");--> statement-breakpoint
CREATE INDEX "idx_su_status" ON "sys_user" USING btree ("status");--> statement-breakpoint
CREATE INDEX "idx_su_del_flag" ON "sys_user" USING btree ("del_flag");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_user_depart" ON "sys_user_depart" USING btree ("user_id","dep_id");--> statement-breakpoint
CREATE INDEX "idx_sud_dep_id" ON "sys_user_depart" USING btree ("dep_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_user_role" ON "sys_user_role" USING btree ("user_id","role_id");--> statement-breakpoint
CREATE INDEX "idx_sur_role_id" ON "sys_user_role" USING btree ("role_id");