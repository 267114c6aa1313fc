DROP INDEX "idx_quiz_question_subject";--> statement-breakpoint
DROP INDEX "idx_quiz_question_stem_trgm";--> statement-breakpoint
CREATE INDEX "idx_quiz_question_subject" ON "quiz_question" USING btree ("subject_id","create_time");--> statement-breakpoint
CREATE INDEX "idx_quiz_question_stem_trgm" ON "quiz_question" USING gin ("stem_text" gin_trgm_ops);