CREATE TABLE "answer_reservation" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"reservation_no" varchar(64) NOT NULL,
	"session_id" varchar(36) NOT NULL,
	"person_type" varchar(2) NOT NULL,
	"user_id" varchar(36),
	"username" varchar(100),
	"name" varchar(100) NOT NULL,
	"mobile" varchar(32),
	"id_card" varchar(18),
	"person_key" varchar(64) NOT NULL,
	"status" varchar(2) DEFAULT '0' NOT NULL,
	"confirm_by" varchar(64),
	"confirm_time" timestamp,
	"checkin_by" varchar(64),
	"checkin_time" timestamp,
	"cancel_by" varchar(64),
	"cancel_time" timestamp,
	"cancel_reason" varchar(500),
	"remark" varchar(500),
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"sys_org_code" varchar(64),
	"tenant_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "answer_session" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"subject" varchar(32),
	"start_time" timestamp NOT NULL,
	"end_time" timestamp NOT NULL,
	"place" varchar(200),
	"online_link" varchar(500),
	"capacity" integer NOT NULL,
	"booked_count" integer DEFAULT 0 NOT NULL,
	"reserve_start" timestamp NOT NULL,
	"reserve_end" timestamp NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"cancel_reason" varchar(500),
	"cancel_by" varchar(64),
	"cancel_time" timestamp,
	"description" text,
	"absence_marked" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"sys_org_code" varchar(64),
	"tenant_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demo" ADD COLUMN "dict_select" varchar(32);--> statement-breakpoint
ALTER TABLE "demo" ADD COLUMN "dict_checkbox" varchar(255);--> statement-breakpoint
ALTER TABLE "demo" ADD COLUMN "dict_multi" varchar(255);--> statement-breakpoint
ALTER TABLE "demo" ADD COLUMN "dict_search" varchar(64);--> statement-breakpoint
ALTER TABLE "demo" ADD COLUMN "tree_select" varchar(64);--> statement-breakpoint
ALTER TABLE "demo" ADD COLUMN "category_code" varchar(255);--> statement-breakpoint
ALTER TABLE "demo" ADD COLUMN "depart_ids" varchar(1000);--> statement-breakpoint
ALTER TABLE "demo" ADD COLUMN "user_names" varchar(1000);--> statement-breakpoint
ALTER TABLE "demo" ADD COLUMN "post_codes" varchar(1000);--> statement-breakpoint
ALTER TABLE "demo" ADD COLUMN "role_ids" varchar(1000);--> statement-breakpoint
ALTER TABLE "demo" ADD COLUMN "area_code" varchar(32);--> statement-breakpoint
ALTER TABLE "demo" ADD COLUMN "yes_no" varchar(1);--> statement-breakpoint
ALTER TABLE "demo" ADD COLUMN "files" varchar(2000);--> statement-breakpoint
ALTER TABLE "demo" ADD COLUMN "images" varchar(2000);--> statement-breakpoint
ALTER TABLE "demo" ADD COLUMN "markdown" text;--> statement-breakpoint
ALTER TABLE "demo" ADD COLUMN "rich_text" text;--> statement-breakpoint
ALTER TABLE "demo" ADD COLUMN "code_lang" varchar(32);--> statement-breakpoint
ALTER TABLE "demo" ADD COLUMN "code_text" text;--> statement-breakpoint
ALTER TABLE "demo" ADD COLUMN "remark" varchar(500);--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_answer_reservation_no" ON "answer_reservation" USING btree ("reservation_no");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_answer_reservation_active" ON "answer_reservation" USING btree ("session_id","person_key") WHERE status in ('0','1','2') and del_flag = 0;--> statement-breakpoint
CREATE INDEX "idx_answer_reservation_session" ON "answer_reservation" USING btree ("session_id","status");--> statement-breakpoint
CREATE INDEX "idx_answer_reservation_user" ON "answer_reservation" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "idx_answer_reservation_create_time" ON "answer_reservation" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "idx_answer_reservation_tenant" ON "answer_reservation" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "idx_answer_session_start" ON "answer_session" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "idx_answer_session_end" ON "answer_session" USING btree ("end_time");--> statement-breakpoint
CREATE INDEX "idx_answer_session_tenant" ON "answer_session" USING btree ("tenant_id");