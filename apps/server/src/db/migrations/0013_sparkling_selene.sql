CREATE TABLE "quiz_paper" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"pass_score" numeric(8, 2) DEFAULT 0 NOT NULL,
	"duration" integer NOT NULL,
	"total_score" numeric(8, 2) DEFAULT 0 NOT NULL,
	"question_count" integer DEFAULT 0 NOT NULL,
	"status" varchar(2) DEFAULT '1' NOT NULL,
	"remark" varchar(500),
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp,
	"sys_org_code" varchar(64),
	"tenant_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_paper_section" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"paper_id" varchar(36) NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"title" varchar(100) NOT NULL,
	"type" varchar(2) NOT NULL,
	"score" numeric(6, 2) NOT NULL,
	"mode" varchar(8) NOT NULL,
	"question_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_question" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"subject_id" varchar(36) NOT NULL,
	"type" varchar(2) NOT NULL,
	"stem" text NOT NULL,
	"stem_text" text NOT NULL,
	"stem_hash" varchar(32) NOT NULL,
	"options" jsonb,
	"answer" text NOT NULL,
	"analysis" text,
	"difficulty" integer DEFAULT 3 NOT NULL,
	"score" numeric(6, 2) DEFAULT 1 NOT NULL,
	"blanks" integer DEFAULT 0 NOT NULL,
	"tags" varchar(500),
	"status" varchar(2) DEFAULT '1' NOT NULL,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp,
	"sys_org_code" varchar(64),
	"tenant_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_subject" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"parent_id" varchar(36) DEFAULT '0' NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(64),
	"sort_no" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp,
	"sys_org_code" varchar(64),
	"tenant_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "idx_quiz_paper_tenant" ON "quiz_paper" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "idx_quiz_paper_create_time" ON "quiz_paper" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "idx_quiz_paper_section_paper" ON "quiz_paper_section" USING btree ("paper_id","sort_no");--> statement-breakpoint
CREATE INDEX "idx_quiz_question_subject" ON "quiz_question" USING btree ("tenant_id","subject_id");--> statement-breakpoint
CREATE INDEX "idx_quiz_question_kind" ON "quiz_question" USING btree ("type","difficulty","status");--> statement-breakpoint
CREATE INDEX "idx_quiz_question_stem_hash" ON "quiz_question" USING btree ("subject_id","stem_hash");--> statement-breakpoint
CREATE INDEX "idx_quiz_question_create_time" ON "quiz_question" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "idx_quiz_question_stem_trgm" ON "quiz_question" USING gin ("stem_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "idx_quiz_subject_parent" ON "quiz_subject" USING btree ("tenant_id","parent_id");