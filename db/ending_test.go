package db

import (
	"errors"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

// leagueGame opens and starts a league game in place, its seats taken.
func leagueGame(t *testing.T, s *Store, place string, seed uint64) (League, int64) {
	t.Helper()
	l, err := s.CreateLeague(ctx, "guild", "Cup "+place, "ann", "Ann")
	if err != nil {
		t.Fatal(err)
	}
	id, err := s.OpenLobby(ctx, Lobby{Place: place, Config: engine.Config{Scenario: "1938", Seed: seed}, Host: "ann", League: l.ID}, LobbyLimits{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range engine.Factions {
		if err := s.SeatBy(ctx, id, f, Seat{Player: "p" + f.String()}, true, Event{Action: "joined"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.StartBy(ctx, id, Event{Action: "started"}); err != nil {
		t.Fatal(err)
	}
	return l, id
}

// rankBySeat is league rules for tests: each faction a seat, placed in
// faction order; margins copied.
func rankBySeat(e Ending) (LeagueResult, error) {
	r := LeagueResult{Game: e.Game.ID, League: e.League.ID, Season: e.League.Season, Ended: e.Ended, Abandoned: e.Result == nil}
	if e.Result != nil {
		r.Margins = e.Result.Margins
	}
	for i, f := range engine.Factions {
		place := i + 1
		if r.Abandoned {
			place = 0
		}
		r.Seats = append(r.Seats, LeagueSeat{Player: e.Seats[f].Player, Factions: []engine.Faction{f}, Place: place})
	}
	return r, nil
}

func TestEndingIsRecordedWithTheLastDecision(t *testing.T) {
	s, _ := openTemp(t)
	s.SetLeagueRules(rankBySeat)
	l, id := leagueGame(t, s, "finished", 3)
	p := newPlayer(t, s, id, 1, false)
	for p.g.Prompt() != nil {
		if rs, _ := s.LeagueResults(ctx, l.ID); len(rs) != 0 {
			t.Fatal("a result was recorded before the game ended")
		}
		p.play(t, 1)
	}
	rs, err := s.LeagueResults(ctx, l.ID)
	if err != nil || len(rs) != 1 || rs[0].Abandoned || rs[0].Margins != p.g.State().Result.Margins {
		t.Fatalf("after the last decision the league has %+v (%v), want the game's result", rs, err)
	}
	un, err := s.Unannounced(ctx)
	if err != nil || len(un) != 1 || un[0].ID != id || un[0].Status != Finished {
		t.Fatalf("unannounced: %+v, %v", un, err)
	}
	if err := s.SetAnnounced(ctx, id); err != nil {
		t.Fatal(err)
	}
	if un, _ := s.Unannounced(ctx); len(un) != 0 {
		t.Fatalf("still unannounced: %+v", un)
	}
}

func TestAbandonRecordsTheLeagueResult(t *testing.T) {
	s, _ := openTemp(t)
	s.SetLeagueRules(rankBySeat)
	l, id := leagueGame(t, s, "abandoned", 4)
	newPlayer(t, s, id, 1, false).play(t, 5)
	if err := s.SetStatus(ctx, id, Abandoned); err != nil {
		t.Fatal(err)
	}
	rs, err := s.LeagueResults(ctx, l.ID)
	if err != nil || len(rs) != 1 || !rs[0].Abandoned {
		t.Fatalf("after abandoning the league has %+v (%v)", rs, err)
	}
	if un, _ := s.Unannounced(ctx); len(un) != 1 || un[0].Status != Abandoned {
		t.Fatalf("unannounced: %+v", un)
	}
}

// When the league result cannot be recorded, the game does not end
// either: the decision is refused and nothing is written.
func TestEndingFailsAsOne(t *testing.T) {
	s, _ := openTemp(t)
	_, id := leagueGame(t, s, "no rules", 5)
	if err := s.SetStatus(ctx, id, Abandoned); !errors.Is(err, errNoLeagueRules) {
		t.Fatalf("abandoning a league game without league rules: %v", err)
	}
	s.SetLeagueRules(func(Ending) (LeagueResult, error) { return LeagueResult{}, errors.New("no ranking") })
	if err := s.SetStatus(ctx, id, Abandoned); err == nil {
		t.Fatal("abandoned although its result could not be recorded")
	}
	if g := load(t, s, id); g.Status != Active {
		t.Fatalf("status %s after a failed end", g.Status)
	}
	if un, _ := s.Unannounced(ctx); len(un) != 0 {
		t.Fatalf("unannounced: %+v", un)
	}
}
