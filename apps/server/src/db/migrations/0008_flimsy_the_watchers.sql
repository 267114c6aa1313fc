CREATE TABLE "onl_auth_data" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"cgform_id" varchar(36) NOT NULL,
	"rule_name" varchar(50),
	"rule_column" varchar(50),
	"rule_operator" varchar(50),
	"rule_value" varchar(255),
	"status" integer DEFAULT 1 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp
);
--> statement-breakpoint
CREATE TABLE "onl_auth_page" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"cgform_id" varchar(36) NOT NULL,
	"code" varchar(255) NOT NULL,
	"type" integer NOT NULL,
	"control" integer NOT NULL,
	"page" integer NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp
);
--> statement-breakpoint
CREATE TABLE "onl_auth_relation" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"role_id" varchar(36) NOT NULL,
	"auth_id" varchar(36) NOT NULL,
	"type" integer NOT NULL,
	"cgform_id" varchar(36) NOT NULL,
	"auth_mode" varchar(50) DEFAULT 'role'
);
--> statement-breakpoint
CREATE TABLE "onl_cgform_button" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"cgform_head_id" varchar(36) NOT NULL,
	"button_code" varchar(50) NOT NULL,
	"button_icon" varchar(50),
	"button_name" varchar(50) NOT NULL,
	"button_status" varchar(2) DEFAULT '1' NOT NULL,
	"button_style" varchar(20) DEFAULT 'button' NOT NULL,
	"exp" varchar(255),
	"opt_type" varchar(20) DEFAULT 'action' NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"opt_position" varchar(3) DEFAULT '2' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onl_cgform_field" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"cgform_head_id" varchar(36) NOT NULL,
	"db_field_name" varchar(63) NOT NULL,
	"db_field_txt" varchar(200),
	"db_field_name_old" varchar(63),
	"db_is_key" integer DEFAULT 0 NOT NULL,
	"db_is_null" integer DEFAULT 1 NOT NULL,
	"db_type" varchar(32) DEFAULT 'string' NOT NULL,
	"db_length" integer DEFAULT 32 NOT NULL,
	"db_point_length" integer DEFAULT 0,
	"db_default_val" varchar(200),
	"dict_field" varchar(100),
	"dict_table" varchar(255),
	"dict_text" varchar(100),
	"field_show_type" varchar(20) DEFAULT 'text',
	"field_href" varchar(200),
	"field_length" integer DEFAULT 120,
	"field_valid_type" varchar(300),
	"field_must_input" varchar(2) DEFAULT '0',
	"field_extend_json" varchar(500),
	"field_default_value" varchar(100),
	"is_query" integer DEFAULT 0 NOT NULL,
	"is_show_form" integer DEFAULT 1 NOT NULL,
	"is_show_list" integer DEFAULT 1 NOT NULL,
	"is_read_only" integer DEFAULT 0 NOT NULL,
	"query_mode" varchar(10) DEFAULT 'single',
	"main_table" varchar(63),
	"main_field" varchar(63),
	"order_num" integer DEFAULT 0 NOT NULL,
	"converter" varchar(255),
	"query_def_val" varchar(100),
	"query_dict_text" varchar(100),
	"query_dict_field" varchar(100),
	"query_dict_table" varchar(500),
	"query_show_type" varchar(50),
	"query_config_flag" varchar(3) DEFAULT '0',
	"query_valid_type" varchar(50),
	"query_must_input" varchar(3) DEFAULT '0',
	"sort_flag" varchar(3) DEFAULT '0',
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp
);
--> statement-breakpoint
CREATE TABLE "onl_cgform_head" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"table_name" varchar(63) NOT NULL,
	"table_type" integer DEFAULT 1 NOT NULL,
	"table_version" integer DEFAULT 1 NOT NULL,
	"table_txt" varchar(200) NOT NULL,
	"is_checkbox" varchar(5) DEFAULT 'Y' NOT NULL,
	"is_db_synch" varchar(20) DEFAULT 'N' NOT NULL,
	"is_page" varchar(5) DEFAULT 'Y' NOT NULL,
	"is_tree" varchar(5) DEFAULT 'N' NOT NULL,
	"id_sequence" varchar(200),
	"id_type" varchar(100) DEFAULT 'UUID',
	"query_mode" varchar(10) DEFAULT 'single' NOT NULL,
	"relation_type" integer,
	"sub_table_str" varchar(1000),
	"tab_order_num" integer,
	"tree_parent_id_field" varchar(63),
	"tree_id_field" varchar(63),
	"tree_fieldname" varchar(63),
	"form_category" varchar(50) DEFAULT 'bdfl_include' NOT NULL,
	"form_template" varchar(10) DEFAULT '1',
	"form_template_mobile" varchar(10),
	"scroll" integer DEFAULT 1,
	"copy_version" integer,
	"copy_type" integer DEFAULT 0 NOT NULL,
	"physic_id" varchar(36),
	"ext_config_json" text,
	"theme_template" varchar(20) DEFAULT 'normal',
	"is_des_form" varchar(5) DEFAULT 'N',
	"des_form_code" varchar(50),
	"low_app_id" varchar(36),
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp
);
--> statement-breakpoint
CREATE TABLE "onl_cgform_index" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"cgform_head_id" varchar(36) NOT NULL,
	"index_name" varchar(63) NOT NULL,
	"index_field" varchar(500) NOT NULL,
	"index_type" varchar(32) DEFAULT 'normal' NOT NULL,
	"is_db_synch" varchar(2) DEFAULT 'N' NOT NULL,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp
);
--> statement-breakpoint
CREATE TABLE "onl_cgreport_head" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"code" varchar(100) NOT NULL,
	"name" varchar(100) NOT NULL,
	"cgr_sql" varchar(4000) NOT NULL,
	"return_val_field" varchar(100),
	"return_txt_field" varchar(100),
	"return_type" varchar(2) DEFAULT '1',
	"db_source" varchar(100),
	"content" varchar(1000),
	"low_app_id" varchar(36),
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp
);
--> statement-breakpoint
CREATE TABLE "onl_cgreport_item" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"cgrhead_id" varchar(36) NOT NULL,
	"field_name" varchar(125) NOT NULL,
	"field_txt" varchar(125),
	"field_width" integer,
	"field_type" varchar(10) DEFAULT 'String',
	"search_mode" varchar(10),
	"is_order" integer DEFAULT 0 NOT NULL,
	"is_search" integer DEFAULT 0 NOT NULL,
	"dict_code" varchar(500),
	"field_href" varchar(120),
	"is_show" integer DEFAULT 1 NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"replace_val" varchar(200),
	"is_total" varchar(2),
	"group_title" varchar(50),
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp
);
--> statement-breakpoint
CREATE TABLE "onl_cgreport_param" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"cgrhead_id" varchar(36) NOT NULL,
	"param_name" varchar(32) NOT NULL,
	"param_txt" varchar(32),
	"param_value" varchar(64),
	"order_num" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp
);
--> statement-breakpoint
CREATE INDEX "idx_onl_auth_data_form" ON "onl_auth_data" USING btree ("cgform_id");--> statement-breakpoint
CREATE INDEX "idx_onl_auth_page_form" ON "onl_auth_page" USING btree ("cgform_id");--> statement-breakpoint
CREATE INDEX "idx_onl_auth_relation_role" ON "onl_auth_relation" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "idx_onl_auth_relation_form" ON "onl_auth_relation" USING btree ("cgform_id");--> statement-breakpoint
CREATE INDEX "idx_onl_cgform_button_head" ON "onl_cgform_button" USING btree ("cgform_head_id");--> statement-breakpoint
CREATE INDEX "idx_onl_cgform_field_head" ON "onl_cgform_field" USING btree ("cgform_head_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_onl_cgform_field_name" ON "onl_cgform_field" USING btree ("cgform_head_id","db_field_name");--> statement-breakpoint
CREATE INDEX "idx_onl_cgform_head_table_name" ON "onl_cgform_head" USING btree ("table_name");--> statement-breakpoint
CREATE INDEX "idx_onl_cgform_head_physic" ON "onl_cgform_head" USING btree ("physic_id");--> statement-breakpoint
CREATE INDEX "idx_onl_cgform_index_head" ON "onl_cgform_index" USING btree ("cgform_head_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_onl_cgreport_head_code" ON "onl_cgreport_head" USING btree ("code");--> statement-breakpoint
CREATE INDEX "idx_onl_cgreport_item_head" ON "onl_cgreport_item" USING btree ("cgrhead_id");--> statement-breakpoint
CREATE INDEX "idx_onl_cgreport_param_head" ON "onl_cgreport_param" USING btree ("cgrhead_id");