// Package remind decides when to nudge the players who hold a game up, and
// runs those decisions on a schedule. It knows no Discord and no database:
// the bot gives it a Source of pending decisions and player preferences, a
// Store for reminder state, a Notifier that posts messages and an Actor that
// plays an automatic Pass.
//
// # Policy
//
// A game that waits on a decision reminds the member who must make it: a new
// message that mentions them, saying which game, what it waits for (the
// caller's sequence-of-play text, e.g. "NAT is 1st Eligible on #23: Event,
// Operation or Pass"), since when, and a link to the turn message.
//
//   - Reminders come every Interval (default 12 h) after the game began
//     waiting, counted from the last one.
//   - After EscalateAfter reminders (default 2) have gone unanswered, the
//     next one also tells the host and the channel that the game has stalled.
//   - After StopAfter reminders (default 4) they cease. If they cease before
//     the escalation, the escalation comes when the next would have been
//     due: someone must hear of the stalled game.
//   - A member's quiet hours, in their own time zone, and a snooze defer a
//     reminder (and the escalation that rides with it) until they end: the
//     member asked for time, so the host is not told behind their back.
//   - A member who opted out gets no reminders, but the count goes on as if
//     they had, so the host is still told when the game stalls.
//   - An optional deadline (Timeout, off by default) acts once the decision
//     has waited that long, whatever the quiet hours: a faction whose pending
//     decision is its 1st or 2nd Eligible choice, with Pass legal, is Passed
//     automatically and the channel told; any other decision is only
//     escalated to the host, never played for the member. When the game
//     asks for it instead (TimeoutAI), the AI plays the faction's turn,
//     whatever the decision, and the host and channel are told.
//
// Each decision starts its own count: the state belongs to the member's
// pending decision in that game, identified by when the game began waiting.
//
// # Restarts, downtime and several schedulers
//
// Reminder state (last reminder, count, escalated, snoozed until) lives in
// the Store, so a restart neither repeats nor forgets a reminder. The next
// reminder is due an Interval after the last one, so after downtime a member
// gets one catch-up reminder per game, not one per interval missed. Every
// action is claimed in the Store first by compare-and-set on the state's
// revision, so when several schedulers share a store each reminder goes out
// once: the scheduler whose claim lost sends nothing. A failed send that sent
// nothing is rolled back, to be retried on the next pass.
//
// # Running
//
// Scheduler.Pass is a plain method taking the time, so tests drive it on a
// fake clock; Scheduler.Cron runs it periodically with robfig/cron in UTC.
package remind
