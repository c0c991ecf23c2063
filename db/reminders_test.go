package db

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestReminderStore(t *testing.T) {
	s, _ := openTemp(t)
	id := create(t, s, "chan", "1937", 1)
	k := ReminderKey{Game: id, Player: "p1"}
	got, err := s.LoadReminders(ctx, []ReminderKey{k})
	if err != nil || len(got) != 0 {
		t.Fatalf("empty load: %v, %v", got, err)
	}
	t0 := time.UnixMilli(1_700_000_000_123).UTC()
	st := ReminderState{Since: t0, Count: 1, Last: t0.Add(time.Hour)}
	if won, err := s.ClaimReminder(ctx, k, 0, st); !won || err != nil {
		t.Fatalf("first claim: %v, %v", won, err)
	}
	if won, _ := s.ClaimReminder(ctx, k, 0, st); won {
		t.Fatal("a second claim on revision 0 won")
	}
	got, _ = s.LoadReminders(ctx, []ReminderKey{k, {Game: id, Player: "other"}})
	if g := got[k]; len(got) != 1 || g.Rev != 1 || !g.Since.Equal(t0) || !g.Last.Equal(t0.Add(time.Hour)) || g.Count != 1 || !g.SnoozedUntil.IsZero() {
		t.Fatalf("loaded %+v", got)
	}
	// Concurrent claims on one revision: exactly one wins.
	var wins atomic.Int32
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			won, err := s.ClaimReminder(ctx, k, 1, ReminderState{Since: t0, Count: 2 + i, Escalated: true, SnoozedUntil: t0})
			if err != nil {
				t.Error(err)
			}
			if won {
				wins.Add(1)
			}
		}()
	}
	wg.Wait()
	if wins.Load() != 1 {
		t.Fatalf("%d claims won revision 1", wins.Load())
	}
	got, _ = s.LoadReminders(ctx, []ReminderKey{k})
	if g := got[k]; g.Rev != 2 || !g.Escalated || !g.SnoozedUntil.Equal(t0) {
		t.Fatalf("after the race: %+v", g)
	}

	if err := s.SetReminderSettings(ctx, id, ReminderSettings{Interval: time.Hour, EscalateAfter: -1, StopAfter: 3, Timeout: 2 * time.Hour}); err != nil {
		t.Fatal(err)
	}
	all, err := s.ReminderSettingsOf(ctx)
	if err != nil || all[id] != (ReminderSettings{Interval: time.Hour, EscalateAfter: -1, StopAfter: 3, Timeout: 2 * time.Hour}) {
		t.Fatalf("settings: %+v, %v", all, err)
	}
	if p, err := s.Prefs(ctx, "p1"); err != nil || p != (MemberPrefs{}) {
		t.Fatalf("no prefs: %+v, %v", p, err)
	}
	want := MemberPrefs{Zone: "Asia/Tokyo", QuietFrom: 22 * 60, QuietTo: 7 * 60, OptOut: true, Snooze: 3 * time.Hour}
	if err := s.SetPrefs(ctx, "p1", want); err != nil {
		t.Fatal(err)
	}
	if p, err := s.Prefs(ctx, "p1"); err != nil || p != want {
		t.Fatalf("prefs: %+v, %v", p, err)
	}

	// An ended game drops its reminder rows, and takes no new ones.
	if err := s.SetTurn(ctx, id, TurnRef{Channel: "c", Message: "m", Seq: 0}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetStatus(ctx, id, Abandoned); err != nil {
		t.Fatal(err)
	}
	got, _ = s.LoadReminders(ctx, []ReminderKey{k})
	all, _ = s.ReminderSettingsOf(ctx)
	if _, ok, _ := s.Turn(ctx, id); ok || len(got) != 0 || len(all) != 0 {
		t.Fatalf("rows left after the game ended: %v %v %v", ok, got, all)
	}
	if won, _ := s.ClaimReminder(ctx, ReminderKey{Game: id, Player: "p2"}, 0, st); won {
		t.Fatal("an abandoned game took a reminder state")
	}
}
