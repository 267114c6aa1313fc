CREATE TABLE "sys_gateway_route" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"router_id" varchar(50),
	"name" varchar(32),
	"uri" varchar(500),
	"predicates" text,
	"filters" text,
	"retryable" integer,
	"strip_prefix" integer,
	"persistable" integer,
	"show_api" integer,
	"status" integer,
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uk_sys_gateway_route_router_id" ON "sys_gateway_route" USING btree ("router_id");