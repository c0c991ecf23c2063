package remind

import (
	"strings"
	"testing"
	"time"
)

func TestParseQuietHours(t *testing.T) {
	tests := []struct {
		in      string
		want    QuietHours
		wantErr string
	}{
		{"22:00-07:30", QuietHours{22 * 60, 7*60 + 30}, ""},
		{" 9:05 - 17:00 ", QuietHours{9*60 + 5, 17 * 60}, ""},
		{"23:00-24:00", QuietHours{23 * 60, 0}, ""},
		{"off", QuietHours{}, ""},
		{"", QuietHours{}, ""},
		{"22:00", QuietHours{}, "want HH:MM-HH:MM"},
		{"25:00-07:00", QuietHours{}, "not a time of day"},
		{"22:60-07:00", QuietHours{}, "not a time of day"},
		{"ten-eleven", QuietHours{}, "not a time of day"},
	}
	for _, tc := range tests {
		got, err := ParseQuietHours(tc.in)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%q: got %v, %v; want an error saying %q", tc.in, got, err, tc.wantErr)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%q: got %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	if s := (QuietHours{22 * 60, 7*60 + 30}).String(); s != "22:00-07:30" {
		t.Errorf("String %q", s)
	}
}

func TestQuietHoursContains(t *testing.T) {
	at := func(hh, mm int) time.Time { return time.Date(2026, 3, 2, hh, mm, 0, 0, time.UTC) }
	wrap := QuietHours{22 * 60, 7 * 60}
	day := QuietHours{9 * 60, 17 * 60}
	tests := []struct {
		q    QuietHours
		t    time.Time
		want bool
	}{
		{wrap, at(21, 59), false}, {wrap, at(22, 0), true}, {wrap, at(3, 0), true}, {wrap, at(6, 59), true}, {wrap, at(7, 0), false},
		{day, at(8, 59), false}, {day, at(9, 0), true}, {day, at(16, 59), true}, {day, at(17, 0), false},
		{QuietHours{}, at(0, 0), false}, {QuietHours{60, 60}, at(1, 0), false},
	}
	for _, tc := range tests {
		if got := tc.q.Contains(tc.t); got != tc.want {
			t.Errorf("%v contains %s: %v, want %v", tc.q, tc.t.Format("15:04"), got, tc.want)
		}
	}
}

func TestPrefsValidate(t *testing.T) {
	tests := []struct {
		p    Prefs
		want string
	}{
		{Prefs{}, ""},
		{Prefs{Zone: "Asia/Shanghai", Quiet: QuietHours{23 * 60, 6 * 60}}, ""},
		{Prefs{Zone: "Asia/Chongqing"}, ""}, // a link in tzdata, must load from the embedded copy too
		{Prefs{Zone: "Mars/Olympus"}, "time zone"},
		{Prefs{Quiet: QuietHours{-1, 60}}, "within a day"},
	}
	for _, tc := range tests {
		err := tc.p.Validate()
		if (tc.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%+v: %v, want %q", tc.p, err, tc.want)
		}
	}
}

func TestCron(t *testing.T) {
	r := newRig(waiting(1, "ann"))
	r.clock.Set(t0.Add(12 * h))
	var got []Summary
	c, err := r.s.Cron("* * * * *", func(s Summary, err error) {
		if err != nil {
			t.Error(err)
		}
		got = append(got, s)
	})
	if err != nil {
		t.Fatal(err)
	}
	entries := c.Entries()
	if len(entries) != 1 {
		t.Fatalf("%d cron entries, want 1", len(entries))
	}
	if next := entries[0].Schedule.Next(t0.Add(30 * time.Second)); !next.Equal(t0.Add(time.Minute)) {
		t.Errorf("next run after t0+30s at %v, want every minute", next)
	}
	// Run the job as cron would, without waiting for a minute to pass: it
	// takes the time from the scheduler's clock.
	entries[0].WrappedJob.Run()
	entries[0].WrappedJob.Run()
	if len(got) != 2 || got[0].Reminded != 1 || got[1].Reminded != 0 {
		t.Errorf("passes %+v, want one reminder then none", got)
	}
	if _, err := r.s.Cron("every now and then", func(Summary, error) {}); err == nil {
		t.Error("a bad spec was accepted")
	}
}
