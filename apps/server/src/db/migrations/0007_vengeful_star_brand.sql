CREATE TABLE "sys_super_query" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"user_id" varchar(36) NOT NULL,
	"page_key" varchar(200) NOT NULL,
	"name" varchar(50) NOT NULL,
	"match_type" varchar(3) DEFAULT 'and' NOT NULL,
	"conditions" jsonb NOT NULL,
	"create_time" timestamp,
	"update_time" timestamp
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_super_query_name" ON "sys_super_query" USING btree ("user_id","page_key","name");--> statement-breakpoint
CREATE INDEX "idx_sys_super_query_page" ON "sys_super_query" USING btree ("user_id","page_key");