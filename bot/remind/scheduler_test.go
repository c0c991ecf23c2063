package remind

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

func TestIdleOneInterval(t *testing.T) {
	late := waiting(2, "bob")
	late.Since = t0.Add(6 * h)
	r := newRig(waiting(1, "ann"), late)
	r.at(t, 0)
	r.at(t, 12*h-time.Minute)
	if n, _, _ := r.rec.counts(); n != 0 {
		t.Fatalf("%d reminders before the interval", n)
	}
	sum := r.at(t, 12*h)
	want := Reminder{Waiting: waiting(1, "ann"), Number: 1}
	if len(r.rec.reminders) != 1 || r.rec.reminders[0] != want {
		t.Fatalf("reminders %+v, want one: %+v", r.rec.reminders, want)
	}
	if sum != (Summary{Waiting: 2, Due: 1, Reminded: 1}) {
		t.Errorf("summary %+v", sum)
	}
	r.at(t, 12*h+time.Minute)
	r.at(t, 17*h)
	if n, _, _ := r.rec.counts(); n != 1 {
		t.Errorf("%d reminders, want still 1", n)
	}
	r.at(t, 18*h)
	if n, _, _ := r.rec.counts(); n != 2 || r.rec.reminders[1].Player != "bob" || r.rec.reminders[1].Game != 2 {
		t.Errorf("at 18 h: %+v, want bob's first", r.rec.reminders)
	}
}

// firstReminder runs passes every 15 minutes for two days and returns when
// the first reminder went out (t0 + the result).
func firstReminder(t *testing.T, r *rig) time.Duration {
	t.Helper()
	for d := time.Duration(0); d <= 48*h; d += 15 * time.Minute {
		r.at(t, d)
		if n, _, _ := r.rec.counts(); n > 0 {
			return d
		}
	}
	t.Fatal("no reminder in two days")
	return 0
}

func TestQuietHoursAndSnoozeDefer(t *testing.T) {
	// The reminder is due at t0+12h: Tuesday 00:00 UTC, which is 00:00 in
	// London, 09:00 in Tokyo and 16:00 on Monday in Los Angeles.
	night, _ := ParseQuietHours("23:00-07:00")
	morning, _ := ParseQuietHours("08:30-09:45")
	tests := []struct {
		name   string
		prefs  Prefs
		snooze time.Duration // at t0+6h, when > 0
		want   time.Duration
	}{
		{"no preferences", Prefs{}, 0, 12 * h},
		{"London night", Prefs{Zone: "Europe/London", Quiet: night}, 0, 19 * h},
		{"Tokyo morning, not quiet at night", Prefs{Zone: "Asia/Tokyo", Quiet: night}, 0, 12 * h},
		{"Tokyo quiet morning", Prefs{Zone: "Asia/Tokyo", Quiet: morning}, 0, 12*h + 45*time.Minute},
		{"Los Angeles afternoon", Prefs{Zone: "America/Los_Angeles", Quiet: night}, 0, 12 * h},
		{"unknown zone is UTC", Prefs{Zone: "Mars/Olympus", Quiet: night}, 0, 19 * h},
		{"snoozed 10 h at 6 h", Prefs{}, 10 * h, 16 * h},
		{"snoozed 2 h at 6 h: no effect", Prefs{}, 2 * h, 12 * h},
		{"snooze then quiet", Prefs{Zone: "Europe/London", Quiet: night}, 20 * h, 26 * h},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(waiting(1, "ann"))
			r.src.prefs["ann"] = tc.prefs
			if tc.snooze > 0 {
				r.clock.Set(t0.Add(6 * h))
				if err := r.s.Snooze(context.Background(), 1, "ann", tc.snooze); err != nil {
					t.Fatal(err)
				}
			}
			if got := firstReminder(t, r); got != tc.want {
				t.Errorf("first reminder at t0+%v, want t0+%v", got, tc.want)
			}
		})
	}
}

func TestSnoozeLifted(t *testing.T) {
	r := newRig(waiting(1, "ann"))
	r.clock.Set(t0.Add(time.Hour))
	ctx := context.Background()
	if err := r.s.Snooze(ctx, 1, "ann", 48*h); err != nil {
		t.Fatal(err)
	}
	r.at(t, 12*h)
	if err := r.s.Snooze(ctx, 1, "ann", 0); err != nil {
		t.Fatal(err)
	}
	r.at(t, 13*h)
	if n, _, _ := r.rec.counts(); n != 1 {
		t.Errorf("%d reminders after lifting the snooze, want 1", n)
	}
}

type sent struct {
	at     time.Duration
	number int  // reminder number, or reminders counted for an escalation
	final  bool // a reminder's Final
}

// timeline runs passes every 30 minutes for five days and returns when
// reminders and escalations went out.
func timeline(t *testing.T, r *rig) (reminders, escalations []sent) {
	t.Helper()
	seenR, seenE := 0, 0
	for d := time.Duration(0); d <= 5*24*h; d += 30 * time.Minute {
		r.at(t, d)
		for ; seenR < len(r.rec.reminders); seenR++ {
			m := r.rec.reminders[seenR]
			reminders = append(reminders, sent{d, m.Number, m.Final})
		}
		for ; seenE < len(r.rec.escalated); seenE++ {
			escalations = append(escalations, sent{d, r.rec.escalated[seenE].Reminders, false})
		}
	}
	return reminders, escalations
}

func TestEscalationAndStop(t *testing.T) {
	tests := []struct {
		name       string
		settings   Settings
		optOut     bool
		reminders  []sent
		escalation []sent
	}{
		{"defaults: 12 h, host told with the 3rd, stop after 4", Settings{},
			false, []sent{{12 * h, 1, false}, {24 * h, 2, false}, {36 * h, 3, false}, {48 * h, 4, true}}, []sent{{36 * h, 2, false}}},
		{"6 h, escalate after 1, stop after 2", Settings{Interval: 6 * h, EscalateAfter: 1, StopAfter: 2},
			false, []sent{{6 * h, 1, false}, {12 * h, 2, true}}, []sent{{12 * h, 1, false}}},
		{"stop before escalation escalates when stopping", Settings{Interval: 6 * h, EscalateAfter: 5, StopAfter: 2},
			false, []sent{{6 * h, 1, false}, {12 * h, 2, true}}, []sent{{18 * h, 2, false}}},
		{"never escalate", Settings{Interval: 24 * h, EscalateAfter: Never, StopAfter: 2},
			false, []sent{{24 * h, 1, false}, {48 * h, 2, true}}, nil},
		{"never stop", Settings{Interval: 24 * h, EscalateAfter: 3, StopAfter: Never},
			false, []sent{{24 * h, 1, false}, {48 * h, 2, false}, {72 * h, 3, false}, {96 * h, 4, false}, {120 * h, 5, false}}, []sent{{96 * h, 3, false}}},
		{"opted out: silent, but the host is told", Settings{},
			true, nil, []sent{{36 * h, 2, false}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := waiting(1, "ann")
			w.Settings = tc.settings
			r := newRig(w)
			r.src.prefs["ann"] = Prefs{OptOut: tc.optOut}
			reminders, escalations := timeline(t, r)
			if !slices.Equal(reminders, tc.reminders) {
				t.Errorf("reminders %v, want %v", reminders, tc.reminders)
			}
			if !slices.Equal(escalations, tc.escalation) {
				t.Errorf("escalations %v, want %v", escalations, tc.escalation)
			}
			for _, e := range r.rec.escalated {
				if e.Reason != Stalled || e.Player != "ann" || e.Game != 1 {
					t.Errorf("escalation %+v", e)
				}
			}
		})
	}
}

func TestRestartMidInterval(t *testing.T) {
	r := newRig(waiting(1, "ann"))
	r.at(t, 6*h)
	r.restart() // before the first reminder
	r.at(t, 12*h)
	r.restart() // between the first and the second
	r.at(t, 12*h)
	r.at(t, 18*h)
	r.at(t, 24*h-time.Minute)
	if n, _, _ := r.rec.counts(); n != 1 {
		t.Fatalf("%d reminders by 24 h, want 1", n)
	}
	r.restart()
	r.at(t, 24*h)
	if n, _, _ := r.rec.counts(); n != 2 || r.rec.reminders[1].Number != 2 {
		t.Errorf("reminders %+v, want the second at 24 h", r.rec.reminders)
	}
}

func TestDowntimeOneCatchUp(t *testing.T) {
	r := newRig(waiting(1, "ann"), waiting(2, "bob"), waiting(3, "cat"))
	r.at(t, 12*h) // first reminders, then the bot is down for days
	r.restart()
	r.every(t, 10*time.Minute, 5*24*h, 5*24*h+11*h)
	per := map[string][]int{}
	for _, m := range r.rec.reminders {
		per[m.Player] = append(per[m.Player], m.Number)
	}
	for _, p := range []string{"ann", "bob", "cat"} {
		if !slices.Equal(per[p], []int{1, 2}) {
			t.Errorf("%s got reminders %v, want the first and one catch-up", p, per[p])
		}
	}
	if _, e, _ := r.rec.counts(); e != 0 {
		t.Errorf("%d escalations after one catch-up, want none yet", e)
	}
	r.at(t, 5*24*h+12*h)
	if n, _, _ := r.rec.counts(); n != 9 {
		t.Errorf("%d reminders an interval after the catch-up, want 9", n)
	}
}

func TestNewDecisionRestartsCount(t *testing.T) {
	r := newRig(waiting(1, "ann"))
	r.every(t, time.Hour, 0, 30*h) // reminders 1 and 2
	next := waiting(1, "ann")
	next.Since = t0.Add(30 * h)
	next.Step = "NAT is 2nd Eligible on #24"
	r.src.waiting = []Waiting{next}
	r.every(t, time.Hour, 31*h, 42*h)
	got := r.rec.reminders
	if len(got) != 3 || got[2].Number != 1 || got[2].Step != next.Step || !got[2].Since.Equal(next.Since) {
		t.Errorf("reminders %+v, want a first reminder of the new decision at 42 h", got)
	}
}

func TestFailedSendIsRetried(t *testing.T) {
	r := newRig(waiting(1, "ann"))
	down := true
	r.rec.fail = func(string) bool { return down }
	r.clock.Set(t0.Add(12 * h))
	if _, err := r.s.Pass(context.Background(), t0.Add(12*h)); !errors.Is(err, errDown) {
		t.Fatalf("pass error %v, want %v", err, errDown)
	}
	down = false
	r.at(t, 12*h+time.Minute)
	if len(r.rec.reminders) != 1 || r.rec.reminders[0].Number != 1 {
		t.Errorf("reminders %+v, want the first, sent on the retry", r.rec.reminders)
	}
}

func TestTimeoutPolicy(t *testing.T) {
	// Quiet all day but 23:59, which no pass below hits: no reminder or
	// stall escalation ever goes out, so every message is the deadline's.
	night, _ := ParseQuietHours("00:00-23:59")
	tests := []struct {
		name      string
		timeout   time.Duration
		ai        string // the level that plays at the deadline; "" Passes
		eligible  bool
		passLegal bool
		step      string
		wantPass  bool
		wantAI    bool
		wantWhy   Reason // of the one escalation, when timeout > 0
	}{
		{"1st Eligible, Pass legal: passed", 30 * h, "", true, true, "NAT is 1st Eligible on #23: Event, Operation or Pass", true, false, AutoPassed},
		{"Eligible but Pass not legal: host told", 30 * h, "", true, false, "NAT must finish its Operation", false, false, TimedOut},
		{"not the Eligible step: host told", 30 * h, "", false, true, "NAT Redeploys (Propaganda Round)", false, false, TimedOut},
		{"deadline before the escalation", 20 * h, "", true, true, "NAT is 2nd Eligible on #23", true, false, AutoPassed},
		{"off by default", 0, "", true, true, "NAT is 1st Eligible on #23", false, false, 0},
		{"AI: plays where Pass is legal", 30 * h, "normal", true, true, "NAT is 1st Eligible on #23: Event, Operation or Pass", false, true, AIPlayed},
		{"AI: plays where Pass is not", 30 * h, "easy", true, false, "NAT must finish its Operation", false, true, AIPlayed},
		{"AI: plays any decision", 30 * h, "normal", false, true, "NAT Redeploys (Propaganda Round)", false, true, AIPlayed},
		{"AI without a deadline: nothing", 0, "normal", true, true, "NAT is 1st Eligible on #23", false, false, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := waiting(1, "ann")
			w.Settings.Timeout, w.Settings.TimeoutAI, w.Eligible, w.PassLegal, w.Step = tc.timeout, tc.ai, tc.eligible, tc.passLegal, tc.step
			r := newRig(w)
			r.src.prefs["ann"] = Prefs{Quiet: night} // the deadline ignores quiet hours
			if tc.timeout > 0 {
				r.every(t, 30*time.Minute, 0, tc.timeout-30*time.Minute)
				if _, e, p := r.rec.counts(); e+p != 0 {
					t.Fatalf("%d escalations and %d passes before the deadline", e, p)
				}
			}
			r.every(t, 30*time.Minute, tc.timeout, 4*24*h)
			if got := len(r.rec.passed) == 1; got != tc.wantPass || len(r.rec.passed) > 1 {
				t.Fatalf("passed %d times, want pass %v (once)", len(r.rec.passed), tc.wantPass)
			}
			if tc.wantPass && r.rec.passed[0] != w {
				t.Errorf("passed %+v, want %+v", r.rec.passed[0], w)
			}
			if got := len(r.rec.played) == 1; got != tc.wantAI || len(r.rec.played) > 1 {
				t.Fatalf("the AI played %d times, want %v (once)", len(r.rec.played), tc.wantAI)
			}
			if tc.wantAI && r.rec.played[0] != w {
				t.Errorf("the AI played %+v, want %+v", r.rec.played[0], w)
			}
			if n, _, _ := r.rec.counts(); n != 0 {
				t.Errorf("%d reminders in quiet hours", n)
			}
			if tc.timeout == 0 {
				if len(r.rec.escalated) != 0 {
					t.Errorf("escalations %+v without a deadline", r.rec.escalated)
				}
				return
			}
			if len(r.rec.escalated) != 1 {
				t.Fatalf("escalations %+v, want one", r.rec.escalated)
			}
			e := r.rec.escalated[0]
			if e.Reason != tc.wantWhy || e.Step != tc.step || e.Faction != engine.NAT || e.Player != "ann" {
				t.Errorf("escalation %+v, want %v about %q", e, tc.wantWhy, tc.step)
			}
		})
	}
}
