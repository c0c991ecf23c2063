package remind

import "time"

// action is what one pass does about one pending decision.
type action struct {
	w        Waiting
	remind   *Reminder   // nil: no reminder
	escalate *Escalation // nil: no escalation
	pass     bool        // play Pass for the faction (then announce)
	playAI   bool        // have the AI play the faction's turn (then announce)
	next     State       // the state to claim
}

// sameDecision compares Since to the millisecond, which is what a store
// keeps.
func sameDecision(a, b time.Time) bool { return a.UnixMilli() == b.UnixMilli() }

// plan decides what to do about w at now, given its stored state (zero when
// none) and the member's preferences with their zone loaded. ok is false
// when nothing is due.
func plan(w Waiting, prefs Prefs, zone *time.Location, st State, now time.Time) (a action, ok bool) {
	s := w.Settings.withDefaults()
	if !sameDecision(st.Since, w.Since) {
		// A new decision: its own count, but a snooze stands.
		st = State{Rev: st.Rev, Since: w.Since, SnoozedUntil: st.SnoozedUntil}
	}
	next := st

	// The deadline acts whatever the member's quiet hours: the host chose it.
	if s.Timeout > 0 && !st.TimedOut && !now.Before(w.Since.Add(s.Timeout)) {
		next.TimedOut = true
		if s.TimeoutAI != "" {
			return action{w: w, playAI: true, escalate: &Escalation{Waiting: w, Reason: AIPlayed, Reminders: st.Count}, next: next}, true
		}
		if w.Eligible && w.PassLegal {
			return action{w: w, pass: true, escalate: &Escalation{Waiting: w, Reason: AutoPassed, Reminders: st.Count}, next: next}, true
		}
		return action{w: w, escalate: &Escalation{Waiting: w, Reason: TimedOut, Reminders: st.Count}, next: next}, true
	}

	last := st.Last
	if last.IsZero() {
		last = w.Since
	}
	if now.Before(last.Add(s.Interval)) || now.Before(st.SnoozedUntil) || prefs.Quiet.Contains(now.In(zone)) {
		return action{}, false
	}
	remind := s.StopAfter == Never || st.Count < s.StopAfter
	// A game whose reminders stop before its escalation is due escalates
	// when they stop: from then on nobody else would hear of it.
	threshold := s.EscalateAfter
	if s.StopAfter != Never {
		threshold = min(threshold, s.StopAfter)
	}
	escalate := s.EscalateAfter != Never && !st.Escalated && st.Count >= threshold
	if !remind && !escalate {
		return action{}, false // stopped
	}
	next.Last = now
	if remind {
		next.Count++
		if !prefs.OptOut {
			a.remind = &Reminder{Waiting: w, Number: next.Count, Final: s.StopAfter != Never && next.Count >= s.StopAfter}
		}
	}
	if escalate {
		next.Escalated = true
		a.escalate = &Escalation{Waiting: w, Reason: Stalled, Reminders: st.Count}
	}
	a.w, a.next = w, next
	return a, true
}
