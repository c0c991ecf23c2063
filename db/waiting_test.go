package db

import (
	"testing"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

// waitingFor returns what game id waits for, failing the test on an error.
func waitingFor(t *testing.T, s *Store, id int64) (Waiting, bool) {
	t.Helper()
	w, ok, err := s.WaitingFor(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	return w, ok
}

// The waiting row follows every change to a game: its creation or start,
// each decision, seat changes, its end, and its return to play; and it is
// there whether or not a turn message shows it.
func TestWaitingFollowsTheGame(t *testing.T) {
	s, path := openTemp(t)
	clock := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	s.SetClock(func() time.Time { return clock })

	lobby, err := s.OpenLobby(ctx, Lobby{Place: "lobby", Config: engine.Config{Scenario: "1937", Seed: 3}, Host: "host"}, LobbyLimits{})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := waitingFor(t, s, lobby); ok {
		t.Fatal("a game in its lobby waits for a decision")
	}
	clock = clock.Add(time.Minute)
	if err := s.StartBy(ctx, lobby, Event{Action: "started"}); err != nil {
		t.Fatal(err)
	}
	if w, ok := waitingFor(t, s, lobby); !ok || w.Seq != 0 || !w.Since.Equal(clock) || w.Player != "" {
		t.Fatalf("started game waits for %+v, %v", w, ok)
	}

	seats := map[engine.Faction]Seat{}
	for f := range engine.Faction(4) {
		seats[f] = Seat{Player: "p-" + f.String()}
	}
	id, err := s.Create(ctx, "chan", engine.Config{Scenario: "1937", Seed: 5}, seats)
	if err != nil {
		t.Fatal(err)
	}
	g := load(t, s, id)
	p := g.Engine.Prompt()
	w, ok := waitingFor(t, s, id)
	want := Waiting{Game: id, Seq: 0, Faction: p.Faction, Player: "p-" + p.Faction.String(), Step: WaitingStep(g.Engine),
		ActionChoice: IsActionChoice(p), PassLegal: p.Has("pass"), Since: clock, Place: "chan"}
	if !ok || w.Turn != nil || w.Game != want.Game || w.Seq != want.Seq || w.Faction != want.Faction || w.Player != want.Player ||
		w.Step != want.Step || w.ActionChoice != want.ActionChoice || w.PassLegal != want.PassLegal || !w.Since.Equal(want.Since) || w.Place != want.Place {
		t.Fatalf("new game waits for\n%+v, want\n%+v", w, want)
	}
	if w.Step == "" || w.Step == "nothing: the game is over" {
		t.Fatalf("step %q", w.Step)
	}

	// A turn message for the decision shows in the row; one for an older
	// decision does not.
	if err := s.SetTurn(ctx, id, TurnRef{Guild: "g", Channel: "chan", Message: "m1", Seq: 0, Since: clock}); err != nil {
		t.Fatal(err)
	}
	if w, _ := waitingFor(t, s, id); w.Turn == nil || w.Turn.Message != "m1" {
		t.Fatalf("turn message: %+v", w.Turn)
	}

	// A seat change names the new member, and the wait keeps its start.
	clock = clock.Add(time.Hour)
	if err := s.SeatBy(ctx, id, p.Faction, Seat{Player: "newcomer"}, false, Event{Action: "seated"}); err != nil {
		t.Fatal(err)
	}
	if w, _ := waitingFor(t, s, id); w.Player != "newcomer" || !w.Since.Equal(clock.Add(-time.Hour)) {
		t.Fatalf("after the seat change: %+v", w)
	}
	if err := s.SeatBy(ctx, id, p.Faction, Seat{}, false, Event{Action: "seated"}); err != nil {
		t.Fatal(err)
	}
	if w, _ := waitingFor(t, s, id); w.Player != "" {
		t.Fatalf("empty seat, but waits for %q", w.Player)
	}

	// A decision: the next one is waited for from now, and the turn
	// message of the last one no longer shows it.
	a, err := s.Apply(ctx, id, Decision{Faction: p.Faction, Choice: p.Choices[0].ID})
	if err != nil {
		t.Fatal(err)
	}
	w, _ = waitingFor(t, s, id)
	if w.Seq != 1 || w.Faction != a.Prompt.Faction || w.Step != WaitingStep(a.Game) || !w.Since.Equal(clock) || w.Turn != nil {
		t.Fatalf("after a decision: %+v", w)
	}

	// Every waiting game in one list, the same after a restart, without
	// loading any.
	list, err := s.Waiting(ctx)
	if err != nil || len(list) != 2 {
		t.Fatalf("waiting: %+v, %v", list, err)
	}
	s.Close()
	s = open(t, path)
	again, err := s.Waiting(ctx)
	if err != nil || len(again) != 2 || again[1].Seq != 1 || !again[1].Since.Equal(clock) {
		t.Fatalf("after a restart: %+v, %v", again, err)
	}
	if n := s.Cached(); n != 0 {
		t.Fatalf("listing the waiting games loaded %d games", n)
	}

	// The end takes the row; playing on brings it back.
	if err := s.SetStatus(ctx, id, Abandoned); err != nil {
		t.Fatal(err)
	}
	if _, ok := waitingFor(t, s, id); ok {
		t.Fatal("an abandoned game still waits")
	}
	if err := s.SetStatus(ctx, id, Active); err != nil {
		t.Fatal(err)
	}
	if w, ok := waitingFor(t, s, id); !ok || w.Seq != 1 || w.Faction != a.Prompt.Faction {
		t.Fatalf("active again: %+v, %v", w, ok)
	}
}

// A database from before the waiting table gets its rows when it opens,
// dated from the turn message when that shows the decision.
func TestWaitingFilledAtOpen(t *testing.T) {
	s, path := openTemp(t)
	id := create(t, s, "chan", "1938", 9)
	since := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	if err := s.SetTurn(ctx, id, TurnRef{Channel: "chan", Message: "m", Seq: 0, Since: since}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	raw := rawDB(t, path)
	exec1(t, raw, `DELETE FROM waiting`)
	raw.Close()
	s = open(t, path)
	w, ok := waitingFor(t, s, id)
	g := load(t, s, id)
	if !ok || w.Seq != 0 || w.Faction != g.Engine.Prompt().Faction || w.Step != WaitingStep(g.Engine) || !w.Since.Equal(since) || w.Turn == nil {
		t.Fatalf("filled at open: %+v, %v", w, ok)
	}
}

// LoadReminders gives the states asked for and only those, whether it
// lists the games in its query (a few keys) or reads every state (many).
func TestLoadRemindersFewAndMany(t *testing.T) {
	s, _ := openTemp(t)
	a := create(t, s, "a", "1937", 1)
	b := create(t, s, "b", "1937", 2)
	at := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, k := range []ReminderKey{{a, "ann"}, {a, "bob"}, {b, "cat"}} {
		if ok, err := s.ClaimReminder(ctx, k, 0, ReminderState{Since: at, Count: 1}); err != nil || !ok {
			t.Fatalf("claim %v: %v, %v", k, ok, err)
		}
	}
	few := []ReminderKey{{a, "ann"}, {b, "dan"}}
	many := append([]ReminderKey{{a, "ann"}, {b, "cat"}}, make([]ReminderKey, 600)...)
	for i := range many[2:] {
		many[2+i] = ReminderKey{Game: int64(1000 + i), Player: "x"}
	}
	for name, tc := range map[string]struct {
		keys []ReminderKey
		want []ReminderKey
	}{"few": {few, []ReminderKey{{a, "ann"}}}, "many": {many, []ReminderKey{{a, "ann"}, {b, "cat"}}}} {
		got, err := s.LoadReminders(ctx, tc.keys)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(tc.want) {
			t.Errorf("%s: %d states, want %d: %+v", name, len(got), len(tc.want), got)
		}
		for _, k := range tc.want {
			if st, ok := got[k]; !ok || st.Count != 1 || st.Rev != 1 || !st.Since.Equal(at) {
				t.Errorf("%s: state of %v: %+v, %v", name, k, st, ok)
			}
		}
	}
}
