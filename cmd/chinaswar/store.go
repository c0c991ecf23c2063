package main

import (
	"context"
	"flag"
	"fmt"
	"net/url"
	"os"

	"github.com/chinaswar/chinaswar/db"
)

// replayCmd re-runs stored games from their seeds under the current rules
// and reports, for each, the first decision where it fails or diverges from
// what was stored. Run it before deploying a rules change: it tells which
// games the change would break, and where.
func replayCmd(args []string) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	dbPath := dbFlag(fs)
	game := fs.Int64("game", 0, "id of the game to replay; 0 replays every game")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	st, err := openExisting(*dbPath)
	if err != nil {
		return err
	}
	defer st.Close()
	ctx := context.Background()
	ids := []int64{*game}
	if *game == 0 {
		list, err := st.List(ctx, "")
		if err != nil {
			return err
		}
		ids = ids[:0]
		for _, g := range list {
			ids = append(ids, g.ID)
		}
	}
	bad := 0
	for _, id := range ids {
		rep, err := st.Replay(ctx, id)
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, rep)
		if !rep.Identical() {
			bad++
		}
	}
	if bad > 0 {
		return fmt.Errorf("%d of %d games do not replay identically", bad, len(ids))
	}
	return nil
}

// backupCmd copies the database with SQLite's online backup, which is safe
// while the bot is playing games in it.
func backupCmd(args []string) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	dbPath := fs.String("db", "chinaswar.db", "SQLite database of games")
	out := fs.String("out", "", "file to write the backup to (replaced if it exists)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() > 0 {
		return fmt.Errorf("usage: chinaswar backup --db FILE --out FILE")
	}
	st, err := openExisting(*dbPath)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := st.Backup(context.Background(), *out); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backed up %s to %s\n", *dbPath, *out)
	return nil
}

// openExisting opens a games database that must exist already: db.Open
// would create an empty one at a mistyped path. A PostgreSQL database is
// created by its server's administrator.
func openExisting(path string) (*db.Store, error) {
	if !db.IsPostgresURL(path) {
		if _, err := os.Stat(path); err != nil {
			return nil, fmt.Errorf("no games database: %w", err)
		}
	}
	return db.Open(path)
}

// dbFlag defines the --db flag of the commands that open the games
// database. A PostgreSQL URL holds a password, which a command line shows
// to every user of the machine: $CHINASWAR_DB keeps it out of sight.
func dbFlag(fs *flag.FlagSet) *string {
	def := os.Getenv("CHINASWAR_DB")
	if def == "" {
		def = "chinaswar.db"
	}
	return fs.String("db", def, "games database: a SQLite file (created if missing), or a PostgreSQL URL postgres://USER:PASSWORD@HOST:PORT/NAME shared by several processes (default $CHINASWAR_DB, else chinaswar.db)")
}

// migrateCmd brings a games database's schema up to date and reports its
// version. Every command that opens the database does the same; this one
// upgrades a shared database before new processes start on it.
func migrateCmd(args []string) error {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	dbPath := dbFlag(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	st, err := db.Open(*dbPath)
	if err != nil {
		return err
	}
	defer st.Close()
	v, err := st.SchemaVersion(context.Background())
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s is at schema version %d\n", redactURL(*dbPath), v)
	return nil
}

// redactURL hides the password of a database URL, for printing.
func redactURL(name string) string {
	if u, err := url.Parse(name); err == nil && db.IsPostgresURL(name) {
		return u.Redacted()
	}
	return name
}
