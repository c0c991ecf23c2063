package db

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

// crashChild plays games in path for ever, one after another, printing
// "game seq" once each decision has committed.
func crashChild(path string, seed uint64) error {
	s, err := Open(path)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	for {
		id, err := s.ActiveGame(ctx, "crash")
		if errors.Is(err, ErrNotFound) {
			id, err = s.Create(ctx, "crash", engine.Config{Scenario: "1937", Seed: rng.Uint64()}, nil)
		}
		if err != nil {
			return err
		}
		g, err := s.Load(ctx, id)
		if err != nil {
			return err
		}
		seq, p := g.Seq, g.Engine.Prompt()
		for p != nil {
			c := p.Choices[rng.IntN(len(p.Choices))]
			a, err := s.Apply(ctx, id, Decision{ExpectSeq: seq, Faction: p.Faction, Choice: c.ID, Key: fmt.Sprintf("crash-%d", seq+1)})
			if err != nil {
				return err
			}
			// Unbuffered: the line is in the pipe before the next decision.
			fmt.Printf("%d %d\n", id, a.Seq)
			seq, p = a.Seq, a.Prompt
		}
	}
}

// Killing the writing process at random moments loses nothing it reported
// and breaks nothing: the database stays sound, every reported decision is
// there once, and the game loads and goes on.
func TestCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("kills child processes mid-game (-short)")
	}
	_, path := openTemp(t)
	rng := rand.New(rand.NewPCG(1, 2))
	reported := map[[2]int64]bool{}
	record := func(line string) {
		var game, seq int64
		if _, err := fmt.Sscanf(line, "%d %d", &game, &seq); err != nil {
			t.Fatalf("child printed %q", line)
		}
		reported[[2]int64{game, seq}] = true
	}
	const kills = 20
	for kill := range kills {
		cmd := helper("crash", "CHINASWAR_DB="+path, "CHINASWAR_SEED="+strconv.Itoa(kill))
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := make(chan string)
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				lines <- sc.Text()
			}
			close(lines)
		}()
		// Let it decide for a random while, then SIGKILL it, wherever it is.
		deadline := time.After(10 * time.Second)
		var killAt <-chan time.Time
	run:
		for {
			select {
			case line, ok := <-lines:
				if !ok {
					cmd.Wait()
					t.Fatalf("the child stopped by itself: %s", stderr.String())
				}
				record(line)
				if killAt == nil {
					killAt = time.After(time.Duration(rng.IntN(50)) * time.Millisecond)
				}
			case <-killAt:
				break run
			case <-deadline:
				t.Fatalf("the child made no decision: %s", stderr.String())
			}
		}
		if err := cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		for line := range lines {
			record(line)
		}
		cmd.Wait()
		checkAfterCrash(t, path, reported)
	}
	t.Logf("%d decisions reported over %d kills", len(reported), kills)
}

func checkAfterCrash(t *testing.T, path string, reported map[[2]int64]bool) {
	t.Helper()
	db := rawDB(t, path)
	if !IsPostgresURL(path) {
		var check string
		if err := db.QueryRow(`PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
			t.Fatalf("integrity_check: %q, %v", check, err)
		}
	}
	for k := range reported {
		if n := count(t, db, `SELECT COUNT(*) FROM decisions WHERE game = ? AND seq = ?`, k[0], k[1]); n != 1 {
			t.Fatalf("reported decision %d of game %d is stored %d times", k[1], k[0], n)
		}
	}
	if n := count(t, db, `SELECT COUNT(*) FROM (SELECT game FROM decisions GROUP BY game HAVING COUNT(*) <> MAX(seq)) gaps`); n != 0 {
		t.Fatalf("%d games have gaps in their log", n)
	}
	db.Close()
	// A fresh store replays every game from its seed against its snapshots.
	s := open(t, path)
	list, err := s.List(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, info := range list {
		load(t, s, info.ID)
	}
	if id, err := s.ActiveGame(ctx, "crash"); err == nil {
		g := load(t, s, id)
		p := g.Engine.Prompt()
		if _, err := s.Apply(ctx, id, Decision{ExpectSeq: g.Seq, Faction: p.Faction, Choice: p.Choices[0].ID}); err != nil {
			t.Fatalf("continuing after the crash: %v", err)
		}
	}
	s.Close()
}
