CREATE TABLE "sys_table_write" (
	"tbl" varchar(64) NOT NULL,
	"weight" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "idx_table_write_tbl" ON "sys_table_write" USING btree ("tbl");--> statement-breakpoint
-- ADR 045: every write statement on a table notes itself in sys_table_write, inside the writer's transaction
CREATE OR REPLACE FUNCTION sys_note_table_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sys_table_write (tbl) VALUES (TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE t record;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname <> 'sys_table_write'
     ORDER BY c.relname
  LOOP
    EXECUTE format(
      'CREATE TRIGGER sys_note_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION sys_note_table_write()', t.relname);
    -- also in sessions with session_replication_role = replica (logical replication, some loaders)
    EXECUTE format('ALTER TABLE %I ENABLE ALWAYS TRIGGER sys_note_table_write', t.relname);
    INSERT INTO sys_table_write (tbl, weight) VALUES (t.relname, 0);
  END LOOP;
END
$$;
