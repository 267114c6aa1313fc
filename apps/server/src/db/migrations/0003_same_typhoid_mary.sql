CREATE TABLE "demo" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"name" varchar(30),
	"key_word" varchar(255),
	"punch_time" timestamp,
	"salary_money" numeric(10, 3),
	"bonus_money" double precision,
	"sex" varchar(2),
	"age" integer,
	"birthday" date,
	"email" varchar(50),
	"content" varchar(1000),
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp,
	"sys_org_code" varchar(64),
	"tenant_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jeecg_order_customer" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"name" varchar(100),
	"sex" varchar(4),
	"idcard" varchar(18),
	"idcard_pic" varchar(500),
	"telphone" varchar(32),
	"order_id" varchar(36) NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp
);
--> statement-breakpoint
CREATE TABLE "jeecg_order_main" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"order_code" varchar(50),
	"ctype" varchar(500),
	"order_date" timestamp,
	"order_money" double precision,
	"content" varchar(500),
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp
);
--> statement-breakpoint
CREATE TABLE "jeecg_order_ticket" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"ticket_code" varchar(100),
	"tickect_date" date,
	"order_id" varchar(36) NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp,
	"update_by" varchar(64),
	"update_time" timestamp
);
--> statement-breakpoint
CREATE TABLE "jeecg_vxe_demo" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"parent_id" varchar(36),
	"has_children" boolean DEFAULT false NOT NULL,
	"num" integer NOT NULL,
	"ship_name" varchar(100),
	"call" varchar(50),
	"len" integer,
	"ton" integer,
	"payer" varchar(100),
	"count" integer,
	"company" varchar(100),
	"trend" varchar(50),
	"sort" integer DEFAULT 0 NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp
);
--> statement-breakpoint
ALTER TABLE "jeecg_order_customer" ADD CONSTRAINT "fk_jeecg_order_customer_order" FOREIGN KEY ("order_id") REFERENCES "public"."jeecg_order_main"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jeecg_order_ticket" ADD CONSTRAINT "fk_jeecg_order_ticket_order" FOREIGN KEY ("order_id") REFERENCES "public"."jeecg_order_main"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idx_demo_create_time" ON "demo" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "idx_demo_tenant" ON "demo" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "idx_jeecg_order_customer_order" ON "jeecg_order_customer" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "idx_jeecg_order_main_create_time" ON "jeecg_order_main" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "idx_jeecg_order_ticket_order" ON "jeecg_order_ticket" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "idx_jeecg_vxe_demo_parent" ON "jeecg_vxe_demo" USING btree ("parent_id","sort");--> statement-breakpoint
-- JVxeTable demo data set (/mock/vxe/getData; JeecgBoot's bundled JSON is absent): 100 top-level ship rows, every
-- fourth one (num 1, 5, 9, …) with 3 children; all values derived from the row number, so the set is deterministic.
INSERT INTO "jeecg_vxe_demo" ("id", "parent_id", "has_children", "num", "ship_name", "call", "len", "ton", "payer", "count", "company", "trend", "sort")
SELECT r.id, r.parent_id, r.has_children, r.num,
	(ARRAY['华夏','远洋','东方','海神','长江','珠江','新纪元','和平'])[1 + r.k % 8] || r.k || '号',
	'BV' || (1000 + (r.k * 7) % 9000),
	80 + (r.k * 37) % 220,
	1000 + (r.k * 613) % 50000,
	(ARRAY['中远海运','招商轮船','中外运','宁波港集团','上港集团'])[1 + r.k % 5],
	1 + (r.k * 3) % 20,
	(ARRAY['北京国炬软件','北京卓尔互动','上海远洋代理','广州船务','天津港务'])[1 + (r.k * 7) % 5],
	(ARRAY['进港','出港','锚泊','靠泊','待泊'])[1 + r.k % 5],
	r.sort
FROM (
	SELECT 'vxe' || lpad(n::text, 4, '0') AS id, NULL::varchar AS parent_id, n % 4 = 1 AS has_children, n AS num, n AS k, n AS sort
	FROM generate_series(1, 100) AS n
	UNION ALL
	SELECT 'vxe' || lpad(n::text, 4, '0') || '-' || c, 'vxe' || lpad(n::text, 4, '0'), false, c, n * 10 + c, c
	FROM generate_series(1, 100) AS n, generate_series(1, 3) AS c
	WHERE n % 4 = 1
) AS r;