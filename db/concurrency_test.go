package db

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"sync"
	"testing"
)

// Goroutines submitting at once against the same seq, through two stores
// (two write connections, contending through SQLite's lock as two processes
// do): exactly one wins each round, the rest are told they are stale.
func TestConcurrentSameSeq(t *testing.T) {
	a, path := openTemp(t)
	stores := []*Store{a, open(t, path)}
	id := create(t, a, "here", "1937", 8)
	db := rawDB(t, path)
	const racers = 8
	for round := range 30 {
		g := load(t, a, id)
		pr := g.Engine.Prompt()
		if pr == nil {
			break
		}
		errs := make([]error, racers)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i := range racers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				d := Decision{ExpectSeq: g.Seq, Faction: pr.Faction, Choice: pr.Choices[i%len(pr.Choices)].ID, Key: fmt.Sprintf("r%d-%d", round, i)}
				_, errs[i] = stores[i%2].Apply(ctx, id, d)
			}()
		}
		close(start)
		wg.Wait()
		winner := -1
		for i, err := range errs {
			switch {
			case err == nil && winner < 0:
				winner = i
			case err == nil:
				t.Fatalf("round %d: racers %d and %d both won", round, winner, i)
			case !errors.Is(err, ErrStale):
				t.Fatalf("round %d: racer %d: %v, want ErrStale", round, i, err)
			}
		}
		if winner < 0 {
			t.Fatalf("round %d: nobody won", round)
		}
		var key string
		if err := db.QueryRow(`SELECT key FROM decisions WHERE game = ? AND seq = ?`, id, g.Seq+1).Scan(&key); err != nil || key != fmt.Sprintf("r%d-%d", round, winner) {
			t.Fatalf("round %d: stored key %q, %v; winner %d", round, key, err, winner)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM decisions`); n != g.Seq+1 {
			t.Fatalf("round %d: %d decisions stored, want %d", round, n, g.Seq+1)
		}
	}
}

// race makes decisions in game id as fast as it can, each against the seq it
// last loaded, until the game ends or it has tried n times. It reports each
// win as "win seq key" and the number of stale refusals.
func race(s *Store, id int64, tag string, seed uint64, n int, out io.Writer) (stale int, err error) {
	rng := rand.New(rand.NewPCG(seed, 3))
	for i := range n {
		g, err := s.Load(ctx, id)
		if err != nil {
			return stale, err
		}
		p := g.Engine.Prompt()
		if p == nil {
			break
		}
		key := fmt.Sprintf("%s-%d", tag, i)
		a, err := s.Apply(ctx, id, Decision{ExpectSeq: g.Seq, Faction: p.Faction, Choice: p.Choices[rng.IntN(len(p.Choices))].ID, Key: key})
		switch {
		case err == nil:
			fmt.Fprintf(out, "win %d %s\n", a.Seq, key)
		case errors.Is(err, ErrStale), errors.Is(err, ErrNotActive):
			stale++
		default:
			return stale, err
		}
	}
	return stale, nil
}

// racerTries is how many decisions each racer of TestConcurrentProcesses
// tries to make: enough for the racers to overlap hundreds of times.
const racerTries = 200

func raceChild(path string, id int64, seed uint64) error {
	s, err := Open(path)
	if err != nil {
		return err
	}
	defer s.Close()
	fmt.Println("ready")
	stale, err := race(s, id, "child", seed, racerTries, os.Stdout)
	fmt.Println("stale", stale)
	return err
}

// Two processes, and goroutines in one of them, race to play a game: every
// decision stored is one some racer was told it won, once.
func TestConcurrentProcesses(t *testing.T) {
	s, path := openTemp(t)
	id := create(t, s, "here", "1938", 9)
	cmd := helper("race", "CHINASWAR_DB="+path, "CHINASWAR_GAME="+strconv.FormatInt(id, 10), "CHINASWAR_SEED=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	child := bufio.NewScanner(out)
	if !child.Scan() || child.Text() != "ready" {
		cmd.Wait()
		t.Fatalf("child did not start: %s", stderr.String())
	}
	var mu sync.Mutex
	var wins bytes.Buffer
	stale := 0
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine bytes.Buffer
			n, err := race(s, id, fmt.Sprint("parent", i), uint64(10+i), racerTries, &mine)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				t.Error(err)
			}
			stale += n
			wins.Write(mine.Bytes())
		}()
	}
	wg.Wait()
	for child.Scan() {
		var n int
		if _, err := fmt.Sscanf(child.Text(), "stale %d", &n); err == nil {
			stale += n
			continue
		}
		wins.WriteString(child.Text() + "\n")
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("child: %v: %s", err, stderr.String())
	}

	won := map[string]int64{}
	seqs := map[int64]bool{}
	for line := range bytes.Lines(wins.Bytes()) {
		var seq int64
		var key string
		if _, err := fmt.Sscanf(string(line), "win %d %s", &seq, &key); err != nil {
			t.Fatalf("racer printed %q", line)
		}
		if seqs[seq] {
			t.Fatalf("two racers won decision %d", seq)
		}
		seqs[seq], won[key] = true, seq
	}
	rows, err := rawDB(t, path).Query(`SELECT seq, key FROM decisions WHERE game = ?`, id)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	stored := 0
	for rows.Next() {
		var seq int64
		var key string
		if err := rows.Scan(&seq, &key); err != nil {
			t.Fatal(err)
		}
		if won[key] != seq {
			t.Fatalf("decision %d (key %s) was reported won at %d", seq, key, won[key])
		}
		stored++
	}
	if stored != len(won) {
		t.Fatalf("%d decisions stored, %d reported won", stored, len(won))
	}
	if stale == 0 {
		t.Error("no racer was ever stale: the racers did not overlap")
	}
	if rep, err := s.Replay(ctx, id); err != nil || !rep.Identical() {
		t.Errorf("Replay = %v, %v", rep, err)
	}
	t.Logf("%d decisions, %d stale submissions", stored, stale)
}
