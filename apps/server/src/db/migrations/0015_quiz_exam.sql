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
CREATE INDEX "idx_quiz_grade_log_answer" ON "quiz_grade_log" USING btree ("attempt_id","question_id");