CREATE TABLE "sys_import_row" (
	"tbl" varchar(64) NOT NULL,
	"row_key" varchar(200) NOT NULL,
	"base" jsonb NOT NULL,
	"imported_at" timestamp NOT NULL,
	CONSTRAINT "sys_import_row_tbl_row_key_pk" PRIMARY KEY("tbl","row_key")
);
