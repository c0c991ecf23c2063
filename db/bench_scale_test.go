package db

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chinaswar/chinaswar/db/pgtest"
	"github.com/chinaswar/chinaswar/engine"
)

// durablePG is the PostgreSQL server of the benchmarks in the PostgreSQL
// pass: unlike pgServer's, it syncs its commits to disk, as SQLite's do
// (synchronous=FULL). Started at the first benchmark that needs it.
var durablePG struct {
	once sync.Once
	srv  *pgtest.Server
	err  error
}

func stopDurablePG() {
	if durablePG.srv != nil {
		durablePG.srv.Stop()
	}
}

// openDurable returns a new, durable database's path (a file named name in
// dir) or URL.
func openDurable(b *testing.B, dir, name string) string {
	b.Helper()
	if pgServer == nil {
		return filepath.Join(dir, name+".db")
	}
	durablePG.once.Do(func() { durablePG.srv, durablePG.err = pgtest.StartDurable() })
	if durablePG.err != nil {
		b.Fatal(durablePG.err)
	}
	url, err := durablePG.srv.NewDatabase(ctx)
	if err != nil {
		b.Fatal(err)
	}
	return url
}

func dialectName() string {
	if pgServer != nil {
		return "postgres"
	}
	return "sqlite"
}

// decisionsFixture is a database with games in play, kept across the
// rounds of a benchmark.
type decisionsFixture struct {
	path  string
	mu    sync.Mutex
	games []int64 // a game ends: another takes its slot
}

var decisionsFixtures = map[string]*decisionsFixture{}

// BenchmarkDecisions measures durable decisions per second: stores Stores
// (each as a process of its own: its connections, its cache) decide at
// once in games games of one database, each decision a random legal
// choice against the state its store last saw. An op is one decision
// committed; a decision refused as stale (another store moved the game
// first) is tried again on the new state, and counted in stale/op. At
// least 100 decisions are made whatever b.N is: decisions/s is the figure
// to read. Run with a fixed count (-benchtime=400x): setting up 1,000
// games takes a while.
func BenchmarkDecisions(b *testing.B) {
	dir := b.TempDir() // outlives the rounds of the sub-benchmarks
	for _, games := range []int{1, 1000} {
		for _, stores := range []int{1, 4} {
			name := fmt.Sprintf("%s/games=%d/stores=%d", dialectName(), games, stores)
			b.Run(name, func(b *testing.B) {
				fx := decisionsFixtures[name]
				if fx == nil {
					fx = &decisionsFixture{path: openDurable(b, dir, fmt.Sprintf("games%d-stores%d", games, stores))}
					s := open(b, fx.path)
					for i := range games {
						fx.games = append(fx.games, create(b, s, fmt.Sprint("bench-", i), "1937", uint64(i+1)))
					}
					s.Close()
					decisionsFixtures[name] = fx
				}
				all := make([]*Store, stores)
				for k := range all {
					all[k] = open(b, fx.path)
				}
				// However few ops the run asks for, a rate needs some decisions
				// spread over the stores.
				want := int64(max(b.N, 100))
				var done, stale atomic.Int64
				var wg sync.WaitGroup
				b.ResetTimer()
				start := time.Now()
				for k, s := range all {
					wg.Go(func() {
						rng := rand.New(rand.NewPCG(uint64(k), uint64(time.Now().UnixNano())))
						for done.Load() < want {
							if err := fx.decide(s, rng, &done, &stale); err != nil {
								b.Error(err)
								return
							}
						}
					})
				}
				wg.Wait()
				elapsed := time.Since(start)
				b.StopTimer()
				b.ReportMetric(float64(done.Load())/elapsed.Seconds(), "decisions/s")
				b.ReportMetric(float64(stale.Load())/float64(done.Load()), "stale/op")
			})
		}
	}
}

// decide makes one decision in a random game of fx through s.
func (fx *decisionsFixture) decide(s *Store, rng *rand.Rand, done, stale *atomic.Int64) error {
	fx.mu.Lock()
	slot := rng.IntN(len(fx.games))
	id := fx.games[slot]
	fx.mu.Unlock()
	g, err := s.View(ctx, id)
	if err != nil {
		return err
	}
	p := g.Engine.Prompt()
	if g.Status != Active || p == nil {
		// Over: a new game takes its slot.
		fx.mu.Lock()
		defer fx.mu.Unlock()
		if fx.games[slot] == id {
			nid, err := s.Create(ctx, fmt.Sprintf("bench-%d-%d-%d", os.Getpid(), slot, id), engine.Config{Scenario: "1937", Seed: rng.Uint64()}, nil)
			if err != nil {
				return err
			}
			fx.games[slot] = nid
		}
		return nil
	}
	_, err = s.Apply(ctx, id, Decision{ExpectSeq: g.Seq, Faction: p.Faction, Choice: p.Choices[rng.IntN(len(p.Choices))].ID})
	switch {
	case err == nil:
		done.Add(1)
	case errors.Is(err, ErrStale):
		stale.Add(1)
	case errors.Is(err, ErrNotActive):
	default:
		return err
	}
	return nil
}

// BenchmarkWaitingQuery is the one query of a reminder pass (Waiting) over
// 10,000 waiting games, each with its turn message, written directly as
// rows. On PostgreSQL, ns/op includes the server's work, which the bot's
// BenchmarkReminderPass cpu-ms/op does not.
func BenchmarkWaitingQuery(b *testing.B) {
	const n = 10000
	s, path := openTemp(b)
	db := rawDB(b, path)
	tx, err := db.Begin()
	if err != nil {
		b.Fatal(err)
	}
	for i := 1; i <= n; i++ {
		for _, q := range []string{
			`INSERT INTO games (id, place, scenario, seed, deck, engine, created, updated) VALUES (?, 'c' || ?, '1937', 1, 'd', 'e', 0, 0)`,
			`INSERT INTO waiting (game, seq, faction, player, step, action_choice, pass_legal, since) VALUES (?, 0, 'JPN', 'm' || ?, 'JPN to decide', 0, 0, 0)`,
			`INSERT INTO turns (game, channel, message, seq, since) VALUES (?, 'c' || ?, 'm', 0, 0)`,
		} {
			if _, err := tx.Exec(q, i, fmt.Sprint(i)); err != nil {
				b.Fatal(err)
			}
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	if pgServer != nil {
		exec1(b, db, `ANALYZE`)
	}
	b.Run(dialectName(), func(b *testing.B) {
		for b.Loop() {
			list, err := s.Waiting(ctx)
			if err != nil || len(list) != n {
				b.Fatalf("%d waiting, %v", len(list), err)
			}
		}
	})
}

// BenchmarkDecisionsProcesses is BenchmarkDecisions/games=1000 with each
// store in a process of its own: this test binary run again (the
// "bench-decide" helper), which opens the database, says it is ready,
// and on "go" makes its share of the decisions. The time runs from "go"
// to the last process's end.
func BenchmarkDecisionsProcesses(b *testing.B) {
	const games = 1000
	dir := b.TempDir()
	for _, procs := range []int{1, 4} {
		name := fmt.Sprintf("%s/games=%d/processes=%d", dialectName(), games, procs)
		b.Run(name, func(b *testing.B) {
			fx := decisionsFixtures[name]
			if fx == nil {
				fx = &decisionsFixture{path: openDurable(b, dir, fmt.Sprintf("procs%d", procs))}
				s := open(b, fx.path)
				for i := range games {
					fx.games = append(fx.games, create(b, s, fmt.Sprint("bench-", i), "1937", uint64(i+1)))
				}
				s.Close()
				decisionsFixtures[name] = fx
			}
			share := max(b.N, 100) / procs
			ids := strings.Trim(fmt.Sprint(fx.games), "[]")
			type child struct {
				cmd *exec.Cmd
				in  io.WriteCloser
				out *bufio.Scanner
			}
			var children []child
			for k := range procs {
				cmd := helper("bench-decide", "CHINASWAR_DB="+fx.path, "CHINASWAR_GAMES="+ids,
					"CHINASWAR_SEED="+strconv.Itoa(k), "CHINASWAR_DECISIONS="+strconv.Itoa(share))
				in, err := cmd.StdinPipe()
				if err != nil {
					b.Fatal(err)
				}
				out, err := cmd.StdoutPipe()
				if err != nil {
					b.Fatal(err)
				}
				cmd.Stderr = os.Stderr
				if err := cmd.Start(); err != nil {
					b.Fatal(err)
				}
				c := child{cmd, in, bufio.NewScanner(out)}
				if !c.out.Scan() || c.out.Text() != "ready" {
					b.Fatalf("a process did not start: %q", c.out.Text())
				}
				children = append(children, c)
			}
			b.ResetTimer()
			start := time.Now()
			for _, c := range children {
				io.WriteString(c.in, "go\n")
			}
			var done, stale int64
			for _, c := range children {
				var d, s int64
				if !c.out.Scan() {
					b.Fatal("a process ended without its count")
				}
				if _, err := fmt.Sscan(c.out.Text(), &d, &s); err != nil {
					b.Fatalf("a process said %q", c.out.Text())
				}
				done, stale = done+d, stale+s
				c.cmd.Wait()
			}
			elapsed := time.Since(start)
			b.StopTimer()
			b.ReportMetric(float64(done)/elapsed.Seconds(), "decisions/s")
			b.ReportMetric(float64(stale)/float64(done), "stale/op")
		})
	}
}

// benchDecideChild is the "bench-decide" helper: it makes its share of
// decisions in the games listed, then prints how many and how many were
// stale.
func benchDecideChild(path string, seed uint64) error {
	s, err := Open(path)
	if err != nil {
		return err
	}
	defer s.Close()
	fx := &decisionsFixture{path: path}
	for _, f := range strings.Fields(os.Getenv("CHINASWAR_GAMES")) {
		id, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return err
		}
		fx.games = append(fx.games, id)
	}
	want, _ := strconv.ParseInt(os.Getenv("CHINASWAR_DECISIONS"), 10, 64)
	fmt.Println("ready")
	if _, err := bufio.NewReader(os.Stdin).ReadString('\n'); err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(seed, uint64(os.Getpid())))
	var done, stale atomic.Int64
	for done.Load() < want {
		if err := fx.decide(s, rng, &done, &stale); err != nil {
			return err
		}
	}
	fmt.Println(done.Load(), stale.Load())
	return nil
}
