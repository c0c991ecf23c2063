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

const crashPlace = "league-crash"

// leagueCrashChild plays league games in path one after another, finishing
// most and abandoning some, printing "over ID" once a game's end has
// committed.
func leagueCrashChild(path string, seed uint64) error {
	s, err := Open(path)
	if err != nil {
		return err
	}
	s.SetLeagueRules(rankBySeat)
	rng := rand.New(rand.NewPCG(seed, 3))
	l, err := s.LeagueByName(ctx, "guild", "Crash Cup")
	if errors.Is(err, ErrNoLeague) {
		l, err = s.CreateLeague(ctx, "guild", "Crash Cup", "ann", "Ann")
	}
	if err != nil {
		return err
	}
	for {
		id, err := crashLeagueGame(s, l, rng.Uint64())
		if err != nil {
			return err
		}
		g, err := s.Load(ctx, id)
		if err != nil {
			return err
		}
		abandonAt := int64(-1)
		if rng.IntN(3) == 0 {
			abandonAt = g.Seq + int64(rng.IntN(20))
		}
		seq, p := g.Seq, g.Engine.Prompt()
		for p != nil && seq != abandonAt {
			c := p.Choices[rng.IntN(len(p.Choices))]
			a, err := s.Apply(ctx, id, Decision{ExpectSeq: seq, Faction: p.Faction, Choice: c.ID})
			if err != nil {
				return err
			}
			seq, p = a.Seq, a.Prompt
		}
		if p != nil {
			if err := s.SetStatus(ctx, id, Abandoned); err != nil {
				return err
			}
		}
		fmt.Printf("over %d\n", id)
	}
}

// crashLeagueGame is the place's active league game, opened and started
// when there is none. A lobby left by a kill before its start is seated
// and started.
func crashLeagueGame(s *Store, l League, seed uint64) (int64, error) {
	id, err := s.ActiveGame(ctx, crashPlace)
	switch {
	case errors.Is(err, ErrNotFound):
		if id, err = s.OpenLobby(ctx, Lobby{Place: crashPlace, Config: engine.Config{Scenario: "1938", Seed: seed}, Host: "ann", League: l.ID}, LobbyLimits{}); err != nil {
			return 0, err
		}
	case err != nil:
		return 0, err
	}
	info, err := s.Info(ctx, id)
	if err != nil || !info.Lobby {
		return id, err
	}
	for _, f := range engine.Factions {
		if err := s.SeatBy(ctx, id, f, Seat{Player: "p" + f.String()}, true, Event{Action: "joined"}); err != nil && !errors.Is(err, ErrSeatTaken) {
			return 0, err
		}
	}
	return id, s.StartBy(ctx, id, Event{Action: "started"})
}

// Killing the process at any moment of league play, including right after
// a game's last decision, leaves every ended game with exactly one league
// result, and every game still being played with none; each ended game is
// left to be announced.
func TestLeagueEndSurvivesKill(t *testing.T) {
	_, path := openTemp(t)
	rng := rand.New(rand.NewPCG(5, 6))
	over := map[int64]bool{}
	for kill := range 6 {
		cmd := helper("league-crash", "CHINASWAR_DB="+path, "CHINASWAR_SEED="+strconv.Itoa(kill))
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
		// Kill it at once after a game ends (even kills), or at a random
		// moment (odd ones). A game takes seconds, more on a loaded
		// machine or on PostgreSQL: the deadline only catches a stuck child.
		killAt := time.After(time.Duration(100+rng.IntN(1500)) * time.Millisecond)
		if kill%2 == 0 {
			killAt = nil
		}
		deadline := time.After(2 * time.Minute)
	run:
		for {
			select {
			case <-deadline:
				t.Fatalf("no game ended within the deadline: %s", stderr.String())
			case line, ok := <-lines:
				if !ok {
					cmd.Wait()
					t.Fatalf("the child stopped by itself: %s", stderr.String())
				}
				var id int64
				if _, err := fmt.Sscanf(line, "over %d", &id); err != nil {
					t.Fatalf("child printed %q", line)
				}
				over[id] = true
				if kill%2 == 0 {
					break run
				}
			case <-killAt:
				break run
			}
		}
		if err := cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		for line := range lines {
			var id int64
			if _, err := fmt.Sscanf(line, "over %d", &id); err == nil {
				over[id] = true
			}
		}
		cmd.Wait()
		checkLeagueEnds(t, path, over)
	}
	if len(over) == 0 {
		t.Fatal("no game ended")
	}
	t.Logf("%d games ended over 6 kills", len(over))
}

func checkLeagueEnds(t *testing.T, path string, over map[int64]bool) {
	t.Helper()
	db := rawDB(t, path)
	defer db.Close()
	rows, err := db.Query(`SELECT id, status, announced FROM games WHERE place = ?`, crashPlace)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var status Status
		var announced bool
		if err := rows.Scan(&id, &status, &announced); err != nil {
			t.Fatal(err)
		}
		results := count(t, db, `SELECT COUNT(*) FROM league_results WHERE game = ?`, id)
		abandoned := count(t, db, `SELECT COUNT(*) FROM league_results WHERE game = ? AND abandoned = 1`, id)
		switch {
		case status == Active && (results != 0 || over[id]):
			t.Fatalf("game %d is active with %d league results (reported over: %v)", id, results, over[id])
		case status == Finished && (results != 1 || abandoned != 0):
			t.Fatalf("finished game %d has %d league results, %d abandoned", id, results, abandoned)
		case status == Abandoned && (results != 1 || abandoned != 1):
			t.Fatalf("abandoned game %d has %d league results, %d abandoned", id, results, abandoned)
		case status != Active && announced:
			t.Fatalf("game %d ended but counts as announced", id)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
}
