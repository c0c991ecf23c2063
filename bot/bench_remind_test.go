package bot

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/db/pgtest"
	"github.com/chinaswar/chinaswar/engine"
)

// remindBenchT0 is when the benchmark's games began waiting.
var remindBenchT0 = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

// remindFixture stores n games waiting on their first decision, each with a
// turn message and every seat held (2,000 members in all), and returns the
// database's path, or URL on PostgreSQL. Building it takes a while; it is
// kept for the process.
var remindFixtures = map[string]string{}

func remindFixture(b *testing.B, dialect string, n int) string {
	b.Helper()
	key := fmt.Sprint(dialect, n)
	if p, ok := remindFixtures[key]; ok {
		return p
	}
	var path string
	if dialect == "postgres" {
		path = benchPostgres(b)
	} else {
		dir, err := os.MkdirTemp("", "remindbench")
		if err != nil {
			b.Fatal(err)
		}
		path = filepath.Join(dir, "games.db")
	}
	st, err := db.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	// Several writers at once where the database takes them.
	writers := 1
	if dialect == "postgres" {
		writers = 8
	}
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() { remindGames(b, st, n, w, writers) })
	}
	wg.Wait()
	remindFixtures[key] = path
	return path
}

// benchPG is the PostgreSQL server of the benchmarks, started by the first
// that needs it and stopped when the tests end.
var benchPG struct {
	once sync.Once
	srv  *pgtest.Server
	err  error
}

// benchPostgres returns the URL of a new PostgreSQL database, skipping
// when there is no server.
func benchPostgres(b *testing.B) string {
	b.Helper()
	benchPG.once.Do(func() { benchPG.srv, benchPG.err = pgtest.Start() })
	if errors.Is(benchPG.err, pgtest.ErrUnavailable) {
		b.Skip(pgtest.Hint)
	}
	if benchPG.err != nil {
		b.Fatal(benchPG.err)
	}
	url, err := benchPG.srv.NewDatabase(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	return url
}

// remindGames stores the games i of n with i%writers == w.
func remindGames(b *testing.B, st *db.Store, n, w, writers int) {
	ctx := context.Background()
	for i := w; i < n; i += writers {
		seats := map[engine.Faction]db.Seat{}
		for f := range engine.Faction(4) {
			seats[f] = db.Seat{Player: "m" + strconv.Itoa((i*4+int(f))%2000)}
		}
		ch := fmt.Sprintf("9%08d", i)
		id, err := st.Create(ctx, ch, engine.Config{Scenario: "1937", Seed: uint64(i + 1)}, seats)
		if err != nil {
			b.Error(err)
			return
		}
		if err := st.SetTurn(ctx, id, db.TurnRef{Guild: "1", Channel: ch, Message: "m" + ch, Since: remindBenchT0}); err != nil {
			b.Error(err)
			return
		}
	}
}

// cpuTime is the CPU time the process has used, all threads together.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkReminderPass is one reminder pass of the bot over n waiting
// games, through its real source and store, half an hour after they began
// waiting (so nothing is due and nothing is posted): the cost every minute
// pays. cpu-ms/op is the pass's CPU time (getrusage, all threads), which a
// loaded machine does not inflate as it does the wall time;
// missing-turns-cpu-ms/op is that of PostMissingTurns, which serve runs
// after each pass (and which finds nothing to post here). "restart" opens a new store on the same file before each pass (not
// timed), so the pass is the first after a restart. On PostgreSQL the
// server's CPU time is not the process's: there the wall time (ns/op)
// is the measure.
func BenchmarkReminderPass(b *testing.B) {
	for _, dialect := range []string{"sqlite", "postgres"} {
		for _, n := range []int{1000, 10000} {
			for _, restart := range []bool{false, true} {
				name := fmt.Sprintf("%s/games=%d/steady", dialect, n)
				if restart {
					name = fmt.Sprintf("%s/games=%d/restart", dialect, n)
				}
				b.Run(name, func(b *testing.B) { benchReminderPass(b, dialect, n, restart) })
			}
		}
	}
}

func benchReminderPass(b *testing.B, dialect string, n int, restart bool) {
	path := remindFixture(b, dialect, n)
	open := func() (*db.Store, *Bot) {
		st, err := db.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		rest, err := discordgo.New("")
		if err != nil {
			b.Fatal(err)
		}
		bt, err := New(Config{Store: st, REST: rest, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
			Now: func() time.Time { return remindBenchT0.Add(30 * time.Minute) }})
		if err != nil {
			b.Fatal(err)
		}
		return st, bt
	}
	st, bt := open()
	now := remindBenchT0.Add(30 * time.Minute)
	var sum int
	var cpu, missing time.Duration
	b.ResetTimer()
	for range b.N {
		if restart {
			b.StopTimer()
			st.Close()
			st, bt = open()
			b.StartTimer()
		}
		before := cpuTime(b)
		s, err := bt.Reminders().Pass(context.Background(), now)
		if err != nil {
			b.Fatal(err)
		}
		cpu += cpuTime(b) - before
		sum = s.Waiting
		// serve also looks for games without a turn message.
		before = cpuTime(b)
		if err := bt.PostMissingTurns(context.Background()); err != nil {
			b.Fatal(err)
		}
		missing += cpuTime(b) - before
	}
	b.StopTimer()
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(missing.Microseconds())/1000/float64(b.N), "missing-turns-cpu-ms/op")
	st.Close()
	if sum != n {
		b.Fatalf("the pass saw %d waiting games, want %d", sum, n)
	}
}
