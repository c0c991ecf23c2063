package db

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/mattn/go-sqlite3"
)

// Backup copies the database to destPath with SQLite's online backup API,
// while games go on. The copy is one consistent state (a read transaction
// that writers, in WAL mode, do not wait on), written to a temporary file
// that replaces destPath only when complete, so a failed backup never
// leaves a half-written copy under the real name.
//
// On PostgreSQL the database server is backed up instead (pg_dump), and
// Backup refuses.
func (s *Store) Backup(ctx context.Context, destPath string) error {
	if s.d != sqlite {
		return fmt.Errorf("backup to %s: the games are in PostgreSQL; back them up with pg_dump", destPath)
	}
	// A -wal file beside the destination belongs to a database still open
	// there; SQLite would apply it to the new copy and corrupt it.
	if _, err := os.Stat(destPath + "-wal"); err == nil {
		return fmt.Errorf("backup to %s: the file is in use (%s-wal exists); back up to another file", destPath, destPath)
	}
	tmp := destPath + ".partial"
	if err := os.Remove(tmp); err != nil && !os.IsNotExist(err) {
		return fmt.Errorf("backup: %w", err)
	}
	// The copy holds what the database holds: readable by its owner only.
	err := createPrivate(tmp)
	if err == nil {
		err = backupTo(ctx, s.r, tmp)
	}
	if err == nil {
		err = os.Rename(tmp, destPath)
	}
	if err == nil {
		err = syncDir(filepath.Dir(destPath))
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("backup to %s: %w", destPath, err)
	}
	return nil
}

func backupTo(ctx context.Context, src *sql.DB, path string) error {
	dst, err := sql.Open("sqlite3", path+"?_synchronous=FULL")
	if err != nil {
		return err
	}
	defer dst.Close()
	dc, err := dst.Conn(ctx)
	if err != nil {
		return err
	}
	defer dc.Close()
	sc, err := src.Conn(ctx)
	if err != nil {
		return err
	}
	defer sc.Close()
	return dc.Raw(func(d any) error {
		return sc.Raw(func(s any) error {
			b, err := d.(*sqlite3.SQLiteConn).Backup("main", s.(*sqlite3.SQLiteConn), "main")
			if err != nil {
				return err
			}
			// All pages in one step: a step-wise copy restarts whenever a
			// game is written in between, and a games database copies in
			// milliseconds. Step reports not done only while a lock is held.
			for {
				done, err := b.Step(-1)
				if err != nil || done {
					if ferr := b.Finish(); err == nil {
						err = ferr
					}
					return err
				}
				select {
				case <-ctx.Done():
					b.Finish()
					return ctx.Err()
				case <-time.After(10 * time.Millisecond):
				}
			}
		})
	})
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
