package db

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/chinaswar/chinaswar/db/pgtest"
	"github.com/chinaswar/chinaswar/engine"
)

// Tests that need a second process (crash, concurrency) re-run this test
// binary with helperEnv naming the part to play; TestMain dispatches it.
const helperEnv = "CHINASWAR_DB_TEST_HELPER"

// The store's tests run twice: on SQLite, then on PostgreSQL when its server
// binaries are present (db/pgtest). CHINASWAR_TEST_DB=sqlite or
// postgres runs one pass only.
func TestMain(m *testing.M) {
	if role := os.Getenv(helperEnv); role != "" {
		if err := runHelper(role); err != nil {
			fmt.Fprintln(os.Stderr, role+":", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	flag.Parse()
	only := os.Getenv("CHINASWAR_TEST_DB")
	if fuzzing() {
		// A fuzz run stays on SQLite: the fuzzer's workers are this binary
		// too, and a server one of them started would keep its pipe to the
		// coordinator open after it exits, so the run would never end. The
		// committed corpora run on both databases under go test.
		only = "sqlite"
	}
	code := 0
	if only != "postgres" {
		code = m.Run()
	}
	if code == 0 && only != "sqlite" {
		code = runOnPostgres(m)
	}
	os.Exit(code)
}

// fuzzing reports whether this binary runs a fuzz target (-test.fuzz) or
// is one of the fuzzer's workers.
func fuzzing() bool {
	for _, name := range []string{"test.fuzz", "test.fuzzworker"} {
		if f := flag.Lookup(name); f != nil && f.Value.String() != "" && f.Value.String() != "false" {
			return true
		}
	}
	return false
}

// pgServer is the PostgreSQL server of the tests' second pass; nil in the
// first, on SQLite.
var pgServer *pgtest.Server

func runOnPostgres(m *testing.M) int {
	srv, err := pgtest.Start()
	if errors.Is(err, pgtest.ErrUnavailable) {
		fmt.Println(pgtest.Hint)
		return 0
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "starting PostgreSQL for the tests:", err)
		return 1
	}
	defer srv.Stop()
	defer stopDurablePG()
	fmt.Println("db: running the store's tests again on PostgreSQL")
	pgServer = srv
	return m.Run()
}

// sqliteOnly skips a test of what only SQLite has (its file, its pragmas)
// in the PostgreSQL pass.
func sqliteOnly(t testing.TB) {
	t.Helper()
	if pgServer != nil {
		t.Skip("SQLite only")
	}
}

func runHelper(role string) error {
	path := os.Getenv("CHINASWAR_DB")
	seed, _ := strconv.ParseUint(os.Getenv("CHINASWAR_SEED"), 10, 64)
	switch role {
	case "crash":
		return crashChild(path, seed)
	case "league-crash":
		return leagueCrashChild(path, seed)
	case "bench-decide":
		return benchDecideChild(path, seed)
	case "race":
		id, _ := strconv.ParseInt(os.Getenv("CHINASWAR_GAME"), 10, 64)
		return raceChild(path, id, seed)
	}
	return fmt.Errorf("unknown helper %q", role)
}

// helper returns the command running role in a child process.
func helper(role string, env ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(append(os.Environ(), helperEnv+"="+role), env...)
	return cmd
}

var ctx = context.Background()

// openTemp opens a new database: a file in a temporary directory, or a new
// PostgreSQL database in the PostgreSQL pass. It returns the database's
// path or URL.
func openTemp(t testing.TB) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "games.db")
	if pgServer != nil {
		url, err := pgServer.NewDatabase(ctx)
		if err != nil {
			t.Fatal(err)
		}
		path = url
	}
	return open(t, path), path
}

func open(t testing.TB, path string) *Store {
	t.Helper()
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// rawDB opens path without the store, for inspecting and tampering.
func rawDB(t testing.TB, path string) *sql.DB {
	t.Helper()
	open := func() (*sql.DB, error) { return sql.Open("sqlite3", path+"?_busy_timeout=10000") }
	if IsPostgresURL(path) {
		open = func() (*sql.DB, error) { return openPG(path, nil) }
	}
	db, err := open()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// copyDB copies the closed database at path (a file or a PostgreSQL URL)
// and returns the copy's.
func copyDB(t testing.TB, path string) string {
	t.Helper()
	if IsPostgresURL(path) {
		url, err := pgServer.Copy(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		return url
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dest := filepath.Join(t.TempDir(), "games.db")
	if err := os.WriteFile(dest, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return dest
}

func exec1(t testing.TB, db *sql.DB, query string, args ...any) {
	t.Helper()
	if _, err := db.Exec(query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

func count(t testing.TB, db *sql.DB, query string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := db.QueryRow(query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

func snapshotSeqs(t testing.TB, db *sql.DB, id int64) []int64 {
	t.Helper()
	rows, err := db.Query(`SELECT seq FROM snapshots WHERE game = ? ORDER BY seq`, id)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var seqs []int64
	for rows.Next() {
		var seq int64
		if err := rows.Scan(&seq); err != nil {
			t.Fatal(err)
		}
		seqs = append(seqs, seq)
	}
	return seqs
}

func create(t testing.TB, s *Store, place, scenario string, seed uint64) int64 {
	t.Helper()
	id, err := s.Create(ctx, place, engine.Config{Scenario: scenario, Seed: seed}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func load(t testing.TB, s *Store, id int64) *Game {
	t.Helper()
	g, err := s.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func saved(t testing.TB, g *engine.Game) string {
	t.Helper()
	js, err := g.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return string(js)
}

// player makes random decisions in a game it mirrors: it applies each
// decision to its own copy too, so a test can compare the store's game with
// the one played. With extras it also undoes and transfers now and then.
type player struct {
	s      *Store
	id     int64
	g      *engine.Game // the mirror
	seq    int64
	rng    *rand.Rand
	extras bool
	prefix string // of idempotency keys
}

func newPlayer(t testing.TB, s *Store, id int64, seed uint64, extras bool) *player {
	t.Helper()
	g := load(t, s, id)
	return &player{s: s, id: id, g: g.Engine, seq: g.Seq, rng: rand.New(rand.NewPCG(seed, 7)), extras: extras, prefix: fmt.Sprintf("k%d-", seed)}
}

// play makes n decisions, or until the game ends when n < 0, and returns
// how many it made.
func (p *player) play(t testing.TB, n int) int {
	t.Helper()
	done := 0
	for ; done != n && p.g.Prompt() != nil; done++ {
		if err := p.step(); err != nil {
			t.Fatal(err)
		}
	}
	return done
}

func (p *player) step() error {
	pr := p.g.Prompt()
	d := Decision{ExpectSeq: p.seq, Faction: pr.Faction, Player: "player-" + pr.Faction.String(), Key: p.prefix + strconv.FormatInt(p.seq+1, 10)}
	var a Applied
	var err error
	kind, choice, transfer := randomDecision(p.g, p.rng, p.extras)
	switch kind {
	case kindUndo:
		if a, err = p.s.Undo(ctx, p.id, d); err == nil {
			err = p.g.Undo(pr.Faction)
		}
	case kindTransfer:
		if a, err = p.s.Transfer(ctx, p.id, d, transfer); err == nil {
			err = p.g.Transfer(transfer)
		}
	default:
		d.Choice = choice
		if a, err = p.s.Apply(ctx, p.id, d); err == nil {
			err = p.g.Do(d.Faction, d.Choice)
		}
	}
	if err != nil {
		return err
	}
	if a.Seq != p.seq+1 || a.Duplicate || a.Over != p.g.Over() {
		return fmt.Errorf("applied %+v after decision %d", a, p.seq)
	}
	if (a.Prompt == nil) != (p.g.Prompt() == nil) || a.Prompt != nil && a.Prompt.Question != p.g.Prompt().Question {
		return errors.New("Applied.Prompt is not the game's prompt")
	}
	p.seq = a.Seq
	return nil
}

// randomDecision picks a legal decision in g: a choice of its prompt or,
// with extras, now and then an undo or a transfer.
func randomDecision(g *engine.Game, rng *rand.Rand, extras bool) (kind, choice string, t engine.Transfer) {
	pr := g.Prompt()
	if extras && rng.IntN(8) == 0 && g.CanUndo(pr.Faction) {
		return kindUndo, "", t
	}
	if extras && pr.Executing && rng.IntN(4) == 0 {
		t = engine.Transfer{From: pr.Executor, To: engine.Faction(rng.IntN(engine.NumFactions)), Amount: 1 + rng.IntN(2)}
		if rng.IntN(2) == 0 {
			t.From, t.To = t.To, t.From
		}
		if g.Clone().Transfer(t) == nil {
			return kindTransfer, "", t
		}
	}
	return kindDo, pr.Choices[rng.IntN(len(pr.Choices))].ID, t
}
