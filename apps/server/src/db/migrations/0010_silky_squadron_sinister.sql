CREATE TABLE "example_form" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"start_date" varchar(10) NOT NULL,
	"end_date" varchar(10) NOT NULL,
	"goal" varchar(1000) NOT NULL,
	"standard" varchar(1000) NOT NULL,
	"client" varchar(100),
	"invites" varchar(100),
	"weight" integer,
	"public_type" varchar(1) DEFAULT '1' NOT NULL,
	"public_users" varchar(500),
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "example_item" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"owner" varchar(50) NOT NULL,
	"avatar" varchar(200),
	"description" varchar(500),
	"href" varchar(200),
	"percent" integer DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'normal' NOT NULL,
	"category" varchar(20) NOT NULL,
	"tags" varchar(200),
	"content" text,
	"star" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"active_user" integer DEFAULT 0 NOT NULL,
	"new_user" integer DEFAULT 0 NOT NULL,
	"start_at" timestamp,
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "example_project" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"url" varchar(200) NOT NULL,
	"owner" varchar(50) NOT NULL,
	"approver" varchar(50) NOT NULL,
	"start_date" varchar(10) NOT NULL,
	"end_date" varchar(10) NOT NULL,
	"type" varchar(10) NOT NULL,
	"task_name" varchar(100) NOT NULL,
	"task_description" varchar(500) NOT NULL,
	"executor" varchar(50) NOT NULL,
	"responsible" varchar(50) NOT NULL,
	"task_time" varchar(5) NOT NULL,
	"task_type" varchar(10) NOT NULL,
	"members" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "example_rule" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"no" varchar(32) NOT NULL,
	"description" varchar(200) NOT NULL,
	"call_no" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "example_transfer" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"pay_account" varchar(100) NOT NULL,
	"receiver_type" varchar(10) NOT NULL,
	"receiver_account" varchar(100) NOT NULL,
	"receiver_name" varchar(50) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"remark" varchar(500),
	"status" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE INDEX "idx_example_item_create_time" ON "example_item" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "idx_example_item_category" ON "example_item" USING btree ("category");--> statement-breakpoint
CREATE INDEX "idx_example_project_create_time" ON "example_project" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "idx_example_rule_update_time" ON "example_rule" USING btree ("update_time");--> statement-breakpoint
CREATE INDEX "idx_example_transfer_create_time" ON "example_transfer" USING btree ("create_time");