package db

import "testing"

func TestPGSQL(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`SELECT 1`, `SELECT 1`},
		{`SELECT a FROM t WHERE x = ? AND y = ?`, `SELECT a FROM t WHERE x = $1 AND y = $2`},
		{`VALUES (?1, ?2, COALESCE((SELECT p FROM s WHERE g = ?1), ''), ?12)`, `VALUES ($1, $2, COALESCE((SELECT p FROM s WHERE g = $1), ''), $12)`},
		{`SELECT '?', "a?b", ? -- is it?` + "\n" + `, ?`, `SELECT '?', "a?b", $1 -- is it?` + "\n" + `, $2`},
		{`SELECT 'it''s ?', ?`, `SELECT 'it''s ?', $1`},
		{`IN (?,?,?)`, `IN ($1,$2,$3)`},
		{`x - ? - -?`, `x - $1 - -$2`},
	} {
		if got := pgSQL(c.in); got != c.want {
			t.Errorf("pgSQL(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
