package db

import (
	"database/sql"
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// tableShape is what must agree between a table's two dialects: its
// columns with their kind and nullability, its primary key and its named
// indexes.
type tableShape struct {
	Columns map[string]string // name -> "integer not null", "text null", ...
	Key     string            // primary key columns, in order
	Indexes map[string]string // name -> "unique (a,b) partial", ...
}

// kinds maps declared types to the kinds the store relies on.
var kinds = map[string]string{
	"INTEGER": "integer", "bigint": "integer", "integer": "integer",
	"TEXT": "text", "text": "text",
	"BLOB": "blob", "bytea": "blob",
}

// The SQLite and PostgreSQL migrations build the same schema, table by
// table: the same columns of the same kind and nullability, the same
// primary keys, and the same indexes, unique where the other's is and
// partial where the other's is. A migration added for one dialect only
// fails here.
func TestSchemasMatch(t *testing.T) {
	if pgServer == nil {
		t.Skip("compares with PostgreSQL: runs in the PostgreSQL pass")
	}
	lite := filepath.Join(t.TempDir(), "games.db")
	open(t, lite).Close()
	_, url := openTemp(t)
	want, got := sqliteShapes(t, rawDB(t, lite)), pgShapes(t, rawDB(t, url))
	if len(want) < 15 {
		t.Fatalf("SQLite has only %d tables: the schema was not read", len(want))
	}
	for name, w := range want {
		g, ok := got[name]
		if !ok {
			t.Errorf("table %s: missing in PostgreSQL", name)
			continue
		}
		if !reflect.DeepEqual(w, g) {
			t.Errorf("table %s differs:\nSQLite     %+v\nPostgreSQL %+v", name, w, g)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("table %s: only in PostgreSQL", name)
		}
	}
}

func sqliteShapes(t *testing.T, db *sql.DB) map[string]tableShape {
	t.Helper()
	out := map[string]tableShape{}
	for _, table := range strings1(t, db, `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`) {
		sh := tableShape{Columns: map[string]string{}, Indexes: map[string]string{}}
		rows, err := db.Query(`SELECT name, type, "notnull", pk FROM pragma_table_info(?) ORDER BY pk`, table)
		if err != nil {
			t.Fatal(err)
		}
		var key []string
		for rows.Next() {
			var name, typ string
			var notnull bool
			var pk int
			if err := rows.Scan(&name, &typ, &notnull, &pk); err != nil {
				t.Fatal(err)
			}
			// Key columns cannot be null in either (a rowid; WITHOUT ROWID).
			sh.Columns[name] = column(t, table, typ, notnull || pk > 0)
			if pk > 0 {
				key = append(key, name)
			}
		}
		rows.Close()
		sh.Key = strings.Join(key, ",")
		rows, err = db.Query(`SELECT name, "unique", partial FROM pragma_index_list(?) WHERE origin <> 'pk'`, table)
		if err != nil {
			t.Fatal(err)
		}
		type index struct {
			name            string
			unique, partial bool
		}
		var idx []index
		for rows.Next() {
			var i index
			if err := rows.Scan(&i.name, &i.unique, &i.partial); err != nil {
				t.Fatal(err)
			}
			idx = append(idx, i)
		}
		rows.Close()
		for _, i := range idx {
			cols := strings1(t, db, `SELECT name FROM pragma_index_info(?) ORDER BY seqno`, i.name)
			sh.Indexes[i.name] = indexShape(i.unique, i.partial, cols)
		}
		out[table] = sh
	}
	return out
}

func pgShapes(t *testing.T, db *sql.DB) map[string]tableShape {
	t.Helper()
	out := map[string]tableShape{}
	for _, table := range strings1(t, db, `SELECT table_name FROM information_schema.tables
		WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'schema_version'`) {
		sh := tableShape{Columns: map[string]string{}, Indexes: map[string]string{}}
		rows, err := db.Query(`SELECT column_name, data_type, is_nullable = 'NO' FROM information_schema.columns
			WHERE table_schema = 'public' AND table_name = ?`, table)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var name, typ string
			var notnull bool
			if err := rows.Scan(&name, &typ, &notnull); err != nil {
				t.Fatal(err)
			}
			sh.Columns[name] = column(t, table, typ, notnull)
		}
		rows.Close()
		rows, err = db.Query(`SELECT i.relname, ix.indisprimary, ix.indisunique, ix.indpred IS NOT NULL,
			array_to_string(array(SELECT a.attname FROM unnest(ix.indkey::int2[]) WITH ORDINALITY k(n, o)
				JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.n ORDER BY k.o), ',')
			FROM pg_index ix JOIN pg_class i ON i.oid = ix.indexrelid JOIN pg_class c ON c.oid = ix.indrelid
			WHERE c.relname = ? AND c.relnamespace = 'public'::regnamespace`, table)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var name, cols string
			var primary, unique, partial bool
			if err := rows.Scan(&name, &primary, &unique, &partial, &cols); err != nil {
				t.Fatal(err)
			}
			if primary {
				sh.Key = cols
				continue
			}
			sh.Indexes[name] = indexShape(unique, partial, strings.Split(cols, ","))
		}
		rows.Close()
		out[table] = sh
	}
	return out
}

func column(t *testing.T, table, typ string, notnull bool) string {
	t.Helper()
	kind, ok := kinds[typ]
	if !ok {
		t.Fatalf("table %s: a column of type %q, which the store does not use", table, typ)
	}
	if notnull {
		return kind + " not null"
	}
	return kind + " null"
}

func indexShape(unique, partial bool, cols []string) string {
	s := "(" + strings.Join(cols, ",") + ")"
	if unique {
		s = "unique " + s
	}
	if partial {
		s += " partial"
	}
	return s
}

// strings1 runs a query of one text column and returns its rows in order.
func strings1(t *testing.T, db *sql.DB, query string, args ...any) []string {
	t.Helper()
	rows, err := db.Query(query, args...)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

// Processes starting at once on a new PostgreSQL database migrate it once,
// one after the other; a database from a newer program is refused and left
// alone.
func TestPostgresMigrations(t *testing.T) {
	if pgServer == nil {
		t.Skip("PostgreSQL only")
	}
	url, err := pgServer.NewDatabase(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := readMigrationsIn(migrationFiles, postgres.migrations)
	if err != nil {
		t.Fatal(err)
	}
	lite, err := readMigrations(migrationFiles)
	if err != nil || len(lite) != len(ms) {
		t.Fatalf("%d SQLite migrations and %d PostgreSQL ones (%v): each schema version needs both", len(lite), len(ms), err)
	}
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			s, err := Open(url)
			if err == nil {
				err = s.Close()
			}
			errs <- err
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Fatalf("opening at once: %v", err)
		}
	}
	db := rawDB(t, url)
	if v := count(t, db, `SELECT version FROM schema_version`); v != int64(len(ms)) {
		t.Fatalf("migrated to version %d, want %d", v, len(ms))
	}
	if n := count(t, db, `SELECT COUNT(*) FROM schema_version`); n != 1 {
		t.Fatalf("%d schema versions stored", n)
	}
	newer := append(ms, migration{version: len(ms) + 1, name: "9999_future.sql", sql: `ALTER TABLE games ADD COLUMN future TEXT`})
	if err := migrateIn(ctx, db, postgres, newer); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(url); !errors.Is(err, ErrSchemaTooNew) {
		t.Fatalf("opening a newer database: %v, want ErrSchemaTooNew", err)
	}
	if v := count(t, db, `SELECT version FROM schema_version`); v != int64(len(newer)) {
		t.Fatalf("the refused database is at version %d now", v)
	}
}
