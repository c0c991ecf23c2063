package db

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// The store's SQL is written once, in the subset SQLite and PostgreSQL
// share, with SQLite's placeholders (? and ?N). On PostgreSQL every
// statement passes through pgConn, which rewrites them to $N and stores
// booleans as the integers both schemas hold them in.

// openPG opens a pool of connections to the PostgreSQL database at url;
// params are run-time parameters set on each connection.
func openPG(url string, params map[string]string) (*sql.DB, error) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return nil, err
	}
	for k, v := range params {
		cfg.RuntimeParams[k] = v
	}
	return sql.OpenDB(pgConnector{stdlib.GetConnector(*cfg)}), nil
}

type pgConnector struct{ driver.Connector }

func (c pgConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &pgConn{conn.(*stdlib.Conn)}, nil
}

// pgConn is a pgx connection that takes the store's SQL.
type pgConn struct{ *stdlib.Conn }

func (c *pgConn) Prepare(query string) (driver.Stmt, error) {
	return c.Conn.Prepare(pgSQL(query))
}

func (c *pgConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	return c.Conn.PrepareContext(ctx, pgSQL(query))
}

func (c *pgConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	return c.Conn.ExecContext(ctx, pgSQL(query), pgArgs(args))
}

func (c *pgConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	return c.Conn.QueryContext(ctx, pgSQL(query), pgArgs(args))
}

// pgArgs turns booleans into 0 and 1: the schemas keep flags in integer
// columns with CHECK (x IN (0, 1)), which SQLite's driver fills from bools.
func pgArgs(args []driver.NamedValue) []driver.NamedValue {
	for i, a := range args {
		if b, ok := a.Value.(bool); ok {
			args[i].Value = int64(0)
			if b {
				args[i].Value = int64(1)
			}
		}
	}
	return args
}

// pgSQL rewrites SQLite placeholders to PostgreSQL's: ? is the next
// parameter and ?N the Nth, as in SQLite. Quoted strings, quoted names
// and comments are left as they are.
func pgSQL(query string) string {
	if !strings.Contains(query, "?") {
		return query
	}
	var b strings.Builder
	b.Grow(len(query) + 16)
	n := 0
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch c {
		case '\'', '"':
			j := i + 1
			for j < len(query) && query[j] != c {
				j++
			}
			b.WriteString(query[i:min(j+1, len(query))])
			i = j
		case '-':
			if i+1 < len(query) && query[i+1] == '-' {
				j := strings.IndexByte(query[i:], '\n')
				if j < 0 {
					j = len(query) - i
				}
				b.WriteString(query[i : i+j])
				i += j - 1
				continue
			}
			b.WriteByte(c)
		case '?':
			j := i + 1
			for j < len(query) && query[j] >= '0' && query[j] <= '9' {
				j++
			}
			b.WriteByte('$')
			if j > i+1 {
				b.WriteString(query[i+1 : j])
				i = j - 1
			} else {
				n++
				b.WriteString(strconv.Itoa(n))
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
