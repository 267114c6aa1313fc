CREATE TABLE "sys_import_row" (
	"tbl" varchar(64) NOT NULL,
	"row_key" varchar(200) NOT NULL,
	"base" jsonb NOT NULL,
	"imported_at" timestamp NOT NULL,
	CONSTRAINT "sys_import_row_tbl_row_key_pk" PRIMARY KEY("tbl","row_key")
);
--> statement-breakpoint
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
CREATE TABLE "quiz_answer" (
	"attempt_id" varchar(36) NOT NULL,
	"question_id" varchar(36) NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"score" numeric(8, 2),
	"auto" integer DEFAULT 0 NOT NULL,
	"comment" varchar(1000),
	"grader" varchar(64),
	"graded_at" timestamp,
	"updated_at" timestamp NOT NULL,
	CONSTRAINT "quiz_answer_pkey" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "quiz_attempt" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"exam_id" varchar(36) NOT NULL,
	"candidate_key" varchar(64) NOT NULL,
	"user_id" varchar(36),
	"reservation_id" varchar(36),
	"candidate_name" varchar(100),
	"org_code" varchar(64),
	"attempt_no" integer DEFAULT 1 NOT NULL,
	"snapshot" jsonb NOT NULL,
	"start_time" timestamp NOT NULL,
	"deadline" timestamp NOT NULL,
	"submit_time" timestamp,
	"submit_by" varchar(16),
	"switch_count" integer DEFAULT 0 NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"objective_score" numeric(8, 2),
	"subjective_score" numeric(8, 2),
	"total_score" numeric(8, 2),
	"pass" integer,
	"tenant_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_candidate_session" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"reservation_id" varchar(36) NOT NULL,
	"session_id" varchar(36) NOT NULL,
	"name" varchar(100),
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp NOT NULL,
	"expires_at" timestamp NOT NULL,
	"ip" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "quiz_exam" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"paper_id" varchar(36) NOT NULL,
	"start_time" timestamp NOT NULL,
	"end_time" timestamp NOT NULL,
	"duration" integer NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"user_ids" text,
	"depart_ids" text,
	"session_id" varchar(36),
	"shuffle_questions" integer DEFAULT 0 NOT NULL,
	"shuffle_options" integer DEFAULT 0 NOT NULL,
	"draw_per_candidate" integer DEFAULT 0 NOT NULL,
	"partial_score" numeric(4, 3) DEFAULT 0 NOT NULL,
	"show_result" varchar(1) DEFAULT '2' NOT NULL,
	"max_switches" integer DEFAULT 0 NOT NULL,
	"instructions" text,
	"published" integer DEFAULT 0 NOT NULL,
	"publish_time" timestamp,
	"publish_by" varchar(64),
	"closed" integer DEFAULT 0 NOT NULL,
	"close_time" timestamp,
	"results_published" integer DEFAULT 0 NOT NULL,
	"results_publish_time" timestamp,
	"paper_snapshot" jsonb,
	"paper_name" varchar(200),
	"total_score" numeric(8, 2),
	"pass_score" numeric(8, 2),
	"version" integer DEFAULT 1 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"sys_org_code" varchar(64),
	"tenant_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_exam_override" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"exam_id" varchar(36) NOT NULL,
	"candidate_key" varchar(64) NOT NULL,
	"user_id" varchar(36),
	"reservation_id" varchar(36),
	"candidate_name" varchar(100),
	"extra_minutes" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp,
	"end_time" timestamp,
	"remark" varchar(500),
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp,
	"tenant_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_grade_log" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"attempt_id" varchar(36) NOT NULL,
	"question_id" varchar(36) NOT NULL,
	"old_score" numeric(8, 2),
	"new_score" numeric(8, 2) NOT NULL,
	"old_comment" varchar(1000),
	"new_comment" varchar(1000),
	"grader" varchar(64) NOT NULL,
	"grader_name" varchar(100),
	"create_time" timestamp NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oss_file" ADD COLUMN "tenant_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "idx_quiz_paper_tenant" ON "quiz_paper" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "idx_quiz_paper_create_time" ON "quiz_paper" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "idx_quiz_paper_section_paper" ON "quiz_paper_section" USING btree ("paper_id","sort_no");--> statement-breakpoint
CREATE INDEX "idx_quiz_question_subject" ON "quiz_question" USING btree ("subject_id","create_time");--> statement-breakpoint
CREATE INDEX "idx_quiz_question_kind" ON "quiz_question" USING btree ("type","difficulty","status");--> statement-breakpoint
CREATE INDEX "idx_quiz_question_stem_hash" ON "quiz_question" USING btree ("subject_id","stem_hash");--> statement-breakpoint
CREATE INDEX "idx_quiz_question_create_time" ON "quiz_question" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "idx_quiz_question_stem_trgm" ON "quiz_question" USING gin ("stem_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "idx_quiz_subject_parent" ON "quiz_subject" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_quiz_attempt_open" ON "quiz_attempt" USING btree ("exam_id","candidate_key") WHERE status = '0';--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_quiz_attempt_no" ON "quiz_attempt" USING btree ("exam_id","candidate_key","attempt_no");--> statement-breakpoint
CREATE INDEX "idx_quiz_attempt_exam" ON "quiz_attempt" USING btree ("exam_id","status");--> statement-breakpoint
CREATE INDEX "idx_quiz_attempt_due" ON "quiz_attempt" USING btree ("deadline") WHERE status = '0';--> statement-breakpoint
CREATE INDEX "idx_quiz_attempt_user" ON "quiz_attempt" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "idx_quiz_attempt_reservation" ON "quiz_attempt" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "idx_quiz_candidate_session_res" ON "quiz_candidate_session" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "idx_quiz_exam_time" ON "quiz_exam" USING btree ("start_time","end_time");--> statement-breakpoint
CREATE INDEX "idx_quiz_exam_session" ON "quiz_exam" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "idx_quiz_exam_tenant" ON "quiz_exam" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "idx_quiz_exam_create_time" ON "quiz_exam" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_quiz_exam_override" ON "quiz_exam_override" USING btree ("exam_id","candidate_key");--> statement-breakpoint
CREATE INDEX "idx_quiz_grade_log_answer" ON "quiz_grade_log" USING btree ("attempt_id","question_id");--> statement-breakpoint
CREATE INDEX "idx_oss_file_tenant" ON "oss_file" USING btree ("tenant_id");