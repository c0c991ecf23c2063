package pgtest

import (
	"context"
	"database/sql"
	"testing"
)

func TestServer(t *testing.T) {
	s, err := Start()
	if err == ErrUnavailable {
		t.Skip(Hint)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer s.Stop()
	ctx := context.Background()
	for range 2 {
		url, err := s.NewDatabase(ctx)
		if err != nil {
			t.Fatal(err)
		}
		db, err := sql.Open("pgx", url)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(`CREATE TABLE t (x BIGINT)`); err != nil {
			t.Fatal(err)
		}
		db.Close()
	}
}
