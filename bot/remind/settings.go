package remind

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // members' zones must load on machines without a zoneinfo database
)

// Never disables a count setting: EscalateAfter: Never escalates nothing,
// StopAfter: Never never stops reminding.
const Never = -1

// Settings are one game's reminder settings. Zero fields take the defaults.
type Settings struct {
	Interval      time.Duration `json:"interval,omitempty"`       // between reminders; default 12 h
	EscalateAfter int           `json:"escalate_after,omitempty"` // unanswered reminders before the host is told; default 2
	StopAfter     int           `json:"stop_after,omitempty"`     // reminders after which they cease; default 4
	Timeout       time.Duration `json:"timeout,omitempty"`        // deadline for a decision; 0: none
	// TimeoutAI, when set, is the AI level (the caller's name for it) that
	// plays the faction's turn when the deadline passes, whatever the
	// decision; "" Passes an Eligible faction where Pass is legal and tells
	// the host otherwise.
	TimeoutAI string `json:"timeout_ai,omitempty"`
}

// Defaults are the settings of a game that set none.
var Defaults = Settings{Interval: 12 * time.Hour, EscalateAfter: 2, StopAfter: 4}

func (s Settings) withDefaults() Settings {
	if s.Interval <= 0 {
		s.Interval = Defaults.Interval
	}
	if s.EscalateAfter == 0 {
		s.EscalateAfter = Defaults.EscalateAfter
	}
	if s.StopAfter == 0 {
		s.StopAfter = Defaults.StopAfter
	}
	return s
}

// Prefs are a member's reminder preferences.
type Prefs struct {
	Zone   string     `json:"zone,omitempty"` // IANA time zone, e.g. "Asia/Tokyo"; empty for UTC
	Quiet  QuietHours `json:"quiet"`          // local hours without reminders
	OptOut bool       `json:"opt_out,omitempty"`
}

// Validate checks that the zone exists, so a member learns of a typo when
// setting it rather than by reminders at odd hours (the scheduler falls back
// to UTC for a zone it cannot load).
func (p Prefs) Validate() error {
	if _, err := time.LoadLocation(p.Zone); err != nil {
		return fmt.Errorf("time zone %q: %w", p.Zone, err)
	}
	return p.Quiet.validate()
}

// QuietHours is a daily span of local time, From up to To, in minutes after
// midnight; it wraps past midnight when From > To. From == To is none.
type QuietHours struct {
	From int `json:"from"`
	To   int `json:"to"`
}

const day = 24 * 60

// ParseQuietHours reads "22:00-07:30"; "" or "off" is none.
func ParseQuietHours(s string) (QuietHours, error) {
	s = strings.TrimSpace(s)
	if s == "" || strings.EqualFold(s, "off") {
		return QuietHours{}, nil
	}
	from, to, ok := strings.Cut(s, "-")
	if !ok {
		return QuietHours{}, fmt.Errorf("quiet hours %q: want HH:MM-HH:MM", s)
	}
	var q QuietHours
	var err error
	if q.From, err = parseClock(from); err != nil {
		return QuietHours{}, fmt.Errorf("quiet hours %q: %w", s, err)
	}
	if q.To, err = parseClock(to); err != nil {
		return QuietHours{}, fmt.Errorf("quiet hours %q: %w", s, err)
	}
	return q, nil
}

func parseClock(s string) (int, error) {
	h, m, ok := strings.Cut(strings.TrimSpace(s), ":")
	hh, err1 := strconv.Atoi(h)
	mm, err2 := strconv.Atoi(m)
	if !ok || err1 != nil || err2 != nil || hh < 0 || hh > 24 || mm < 0 || mm > 59 || hh*60+mm > day {
		return 0, fmt.Errorf("%q is not a time of day HH:MM", s)
	}
	return (hh*60 + mm) % day, nil
}

func (q QuietHours) validate() error {
	if q.From < 0 || q.From >= day || q.To < 0 || q.To >= day {
		return fmt.Errorf("quiet hours %d-%d: minutes must be within a day", q.From, q.To)
	}
	return nil
}

// Contains reports whether local (a time in the member's zone) falls in the
// quiet hours.
func (q QuietHours) Contains(local time.Time) bool {
	m := local.Hour()*60 + local.Minute()
	switch {
	case q.From == q.To:
		return false
	case q.From < q.To:
		return q.From <= m && m < q.To
	default:
		return m >= q.From || m < q.To
	}
}

func (q QuietHours) String() string {
	if q.From == q.To {
		return "off"
	}
	return fmt.Sprintf("%02d:%02d-%02d:%02d", q.From/60, q.From%60, q.To/60, q.To%60)
}
