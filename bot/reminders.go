package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/bot/remind"
	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine/ai"
)

// Reminders: the bot is the scheduler's Source (the active games, from the
// store), Notifier (new channel messages, which ping; an edit pings nobody)
// and Actor (a Pass through the store, like a click). Its state lives in
// the store (remindStore), so several processes and restarts agree.

// defaultSnooze is the Snooze button's length for a member who set none.
const defaultSnooze = 12 * time.Hour

// snoozePrefix starts the Snooze button's custom id: snooze:GAME:PLAYER.
const snoozePrefix = "snooze:"

// Reminders returns the bot's reminder scheduler. serve runs it on a cron;
// tests call its Pass with a fake time.
func (b *Bot) Reminders() *remind.Scheduler { return b.sched }

type clockFunc func() time.Time

func (f clockFunc) Now() time.Time { return f() }

// remindStore is the store as a remind.Store.
type remindStore struct{ s *db.Store }

func (r remindStore) Load(ctx context.Context, keys []remind.Key) (map[remind.Key]remind.State, error) {
	dk := make([]db.ReminderKey, len(keys))
	for i, k := range keys {
		dk[i] = db.ReminderKey(k)
	}
	got, err := r.s.LoadReminders(ctx, dk)
	if err != nil {
		return nil, err
	}
	out := make(map[remind.Key]remind.State, len(got))
	for k, st := range got {
		out[remind.Key(k)] = remind.State{Rev: st.Rev, Since: st.Since, Last: st.Last, Count: st.Count,
			Escalated: st.Escalated, TimedOut: st.TimedOut, SnoozedUntil: st.SnoozedUntil}
	}
	return out, nil
}

func (r remindStore) Claim(ctx context.Context, key remind.Key, rev int64, next remind.State) (bool, error) {
	return r.s.ClaimReminder(ctx, db.ReminderKey(key), rev, db.ReminderState{Since: next.Since, Last: next.Last,
		Count: next.Count, Escalated: next.Escalated, TimedOut: next.TimedOut, SnoozedUntil: next.SnoozedUntil})
}

// reminders is the bot as the scheduler's Source, Notifier and Actor.
type reminders struct{ b *Bot }

func messageLink(ref db.TurnRef) string {
	guild := ref.Guild
	if guild == "" {
		guild = "@me"
	}
	// Concatenated: a reminder pass builds one per waiting game.
	return "https://discord.com/channels/" + guild + "/" + ref.Channel + "/" + ref.Message
}

// Waiting lists the waiting games from what each game's last change
// recorded (one query, no game loaded), whether or not its turn message
// could be posted.
func (r reminders) Waiting(ctx context.Context) ([]remind.Waiting, error) {
	ws, err := r.b.store.Waiting(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]remind.Waiting, 0, len(ws))
	for _, w := range ws {
		if _, ai := commands.AILevel(w.Player); ai || w.Player == "" || commands.IsConsolePlace(w.Place) {
			// Nobody to remind (the channel sees the empty seat), or a
			// console game sharing the database: not Discord's to remind.
			continue
		}
		out = append(out, remind.Waiting{Game: w.Game, Faction: w.Faction, Player: w.Player, Since: w.Since,
			Step: w.Step, Link: waitingLink(w), Eligible: w.ActionChoice, PassLegal: w.PassLegal, Settings: settingsOf(w.Settings)})
	}
	return out, nil
}

// waitingLink points at w's turn message, or at its channel when no turn
// message shows the decision (the reminder then posts one).
func waitingLink(w db.Waiting) string {
	if w.Turn != nil {
		return messageLink(*w.Turn)
	}
	return "<#" + w.Place + ">"
}

func settingsOf(s db.ReminderSettings) remind.Settings {
	return remind.Settings{Interval: s.Interval, EscalateAfter: s.EscalateAfter, StopAfter: s.StopAfter, Timeout: s.Timeout, TimeoutAI: s.OnTimeout}
}

func (r reminders) Prefs(ctx context.Context, players []string) (map[string]remind.Prefs, error) {
	got, err := r.b.store.PrefsOf(ctx, players)
	if err != nil {
		return nil, err
	}
	out := make(map[string]remind.Prefs, len(got))
	for player, p := range got {
		out[player] = remind.Prefs{Zone: p.Zone, Quiet: remind.QuietHours{From: p.QuietFrom, To: p.QuietTo}, OptOut: p.OptOut}
	}
	return out, nil
}

// post sends a new message to a channel.
func (b *Bot) post(ctx context.Context, channel string, m message) (*discordgo.Message, error) {
	m = m.fit()
	return b.rest.ChannelMessageSendComplex(channel, &discordgo.MessageSend{Content: m.content, Embeds: m.embeds,
		Components: m.components, Files: m.discordFiles(), AllowedMentions: m.mentions()}, discordgo.WithContext(ctx))
}

// Remind posts a reminder in the game's channel. A game whose decision no
// turn message shows (its post failed) first gets a fresh turn message, so
// the member reminded has buttons to answer with.
func (r reminders) Remind(ctx context.Context, rm remind.Reminder) error {
	w, ok, err := r.b.store.WaitingFor(ctx, rm.Game)
	if err != nil || !ok {
		return errors.Join(err, fmt.Errorf("game %d: it waits for no decision", rm.Game))
	}
	link := rm.Link
	channel := w.Place
	if w.Turn != nil {
		channel = w.Turn.Channel
	} else if link, err = r.repostTurn(ctx, w, false); err != nil {
		return err
	}
	last := ""
	if rm.Final {
		last = " This is the last reminder for this decision."
	}
	if s := rm.Settings; s.Timeout > 0 && s.TimeoutAI != "" {
		// Discord shows the timestamp in the member's own time zone.
		last += fmt.Sprintf("\nAt the deadline, <t:%d:R>, the AI (%s) plays your turn; you keep your seat.", rm.Since.Add(s.Timeout).Unix(), levelName(s.TimeoutAI))
	}
	text := fmt.Sprintf("<@%s>, game %d is waiting for you (reminder %d): %s.\nTurn message: %s%s",
		rm.Player, rm.Game, rm.Number, rm.Step, link, last)
	snooze := discordgo.Button{Label: "Snooze", Style: discordgo.SecondaryButton,
		CustomID: snoozePrefix + strconv.FormatInt(rm.Game, 10) + ":" + rm.Player}
	_, err = r.b.post(ctx, channel, message{content: text, ping: []string{rm.Player},
		components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{snooze}}}})
	return err
}

// unshownGrace is how long a decision may go without a turn message
// before PostMissingTurns posts one: the click that made it posts its own,
// retries included, well within it.
const unshownGrace = 2 * time.Minute

// PostMissingTurns posts a turn message for every game that has waited
// longer than a short grace on a decision none shows, because posting it
// failed: so a failed post costs minutes, not the game. serve runs it
// after each reminder pass; it needs the bot token.
func (b *Bot) PostMissingTurns(ctx context.Context) error {
	ws, err := b.store.Unshown(ctx, b.now().Add(-unshownGrace))
	if err != nil {
		return err
	}
	var errs []error
	for _, w := range ws {
		if _, ai := commands.AILevel(w.Player); ai || commands.IsConsolePlace(w.Place) {
			continue // the AI's run posts the turn after its own
		}
		if _, err := (reminders{b}).repostTurn(ctx, w, true); err != nil && !errors.Is(err, errTurnElsewhere) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// errTurnElsewhere: another process is posting the turn message.
var errTurnElsewhere = errors.New("another process is posting its turn message")

// repostTurn posts a turn message for w's decision, which none shows, in
// the game's channel and records it; it returns what a reminder calls it.
// It pings the member when asked (a reminder that follows pings instead).
func (r reminders) repostTurn(ctx context.Context, w db.Waiting, ping bool) (string, error) {
	b := r.b
	l := b.channelLock(w.Place)
	l.Lock()
	defer l.Unlock()
	// And across processes sharing a database.
	release, ok, err := b.store.TryLock(ctx, fmt.Sprint("turn message of game ", w.Game))
	if err != nil {
		return "", err
	}
	if !ok {
		return "", fmt.Errorf("game %d: %w", w.Game, errTurnElsewhere)
	}
	defer release()
	g, err := b.tables.View(ctx, w.Game)
	if err != nil {
		return "", err
	}
	if g.Seq != w.Seq || g.Engine.Prompt() == nil {
		return "", fmt.Errorf("game %d: the decision is no longer pending", w.Game)
	}
	if ref, ok, err := b.store.Turn(ctx, w.Game); err == nil && ok && ref.Seq == w.Seq {
		return messageLink(ref), nil // a click posted one meanwhile
	}
	msg, err := b.post(ctx, w.Place, b.turnMessage(g, g.Engine, w.Seq, 0, ping))
	if err != nil {
		return "", fmt.Errorf("game %d: posting its turn message: %w", w.Game, err)
	}
	// A new message does not say its guild, which links need; the
	// channel does.
	guild := msg.GuildID
	if guild == "" {
		if c, err := b.rest.Channel(w.Place, discordgo.WithContext(ctx)); err == nil {
			guild = c.GuildID
		}
	}
	b.setTurn(ctx, w.Game, guild, turnRef{msg.ChannelID, msg.ID, w.Seq})
	if guild == "" {
		return "the message above", nil
	}
	return messageLink(db.TurnRef{Guild: guild, Channel: msg.ChannelID, Message: msg.ID}), nil
}

func (r reminders) Escalate(ctx context.Context, e remind.Escalation) error {
	info, err := r.b.store.Info(ctx, e.Game)
	if err != nil {
		return err
	}
	ref, ok, err := r.b.store.Turn(ctx, e.Game)
	channel := ref.Channel
	if err != nil || !ok {
		channel = info.Place
	}
	host, ping := "the host", []string{}
	if info.Host != "" {
		host, ping = "<@"+info.Host+">", []string{info.Host}
	}
	var text string
	switch e.Reason {
	case remind.Stalled:
		text = fmt.Sprintf("%s: game %d has stalled. %s has not answered %d reminders: %s. The host can hand the faction over with `/game replace`.", host, e.Game, who1(e.Player), e.Reminders, e.Step)
	case remind.TimedOut:
		text = fmt.Sprintf("%s: the deadline passed in game %d on a decision that cannot be Passed for %s: %s. The host must act (`/game replace`).", host, e.Game, who1(e.Player), e.Step)
	case remind.AutoPassed:
		text = fmt.Sprintf("%s: the deadline passed in game %d, so %s Passed for %s.", host, e.Game, e.Faction, who1(e.Player))
	case remind.AIPlayed:
		text = fmt.Sprintf("%s: the deadline passed in game %d, so the AI (%s) played %s's turn for %s, who keeps the seat.", host, e.Game, levelName(e.Settings.TimeoutAI), e.Faction, who1(e.Player))
	}
	_, err = r.b.post(ctx, channel, message{content: text + "\n" + e.Link, ping: ping})
	return err
}

func who1(player string) string { return "<@" + player + ">" }

// Pass answers w's decision with Pass, if it is still the pending one, and
// posts the game's next turn message.
//
// A Pass nobody could read is not played: without a bot token the bot
// cannot post, so it refuses (the scheduler then keeps the deadline due).
func (r reminders) Pass(ctx context.Context, w remind.Waiting) error {
	b := r.b
	if b.rest.Token == "" {
		return fmt.Errorf("game %d: no deadline Pass without a bot token: it could not be announced", w.Game)
	}
	now, ref, err := b.stillWaiting(ctx, w, false)
	if err != nil {
		return err
	}
	l := b.channelLock(ref.Channel)
	l.Lock()
	defer l.Unlock()
	ch, err := b.tables.Pass(ctx, w.Game, w.Faction, now.Seq)
	if err != nil {
		return err
	}
	g, err := b.tables.View(ctx, w.Game)
	if err != nil {
		return err
	}
	b.editChannelMessage(ctx, turnRef{ref.Channel, ref.Message, ref.Seq},
		message{content: fmt.Sprintf("%s Passed: the deadline passed (decision %d).", w.Faction, ref.Seq)})
	b.forgetTurn(ctx, w.Game)
	post := func(m message) error {
		_, err := b.post(ctx, ref.Channel, m)
		return err
	}
	if len(ch.Entries) > 0 {
		for _, part := range commands.Split(commands.Summary(ch.Entries), maxContent) {
			if err := post(message{content: part}); err != nil {
				return err
			}
		}
	}
	if ch.Over {
		return b.announceEnd(ctx, w.Game, b.finalMessages(ctx, g, ch.After, ""), post)
	}
	m := b.turnMessage(g, ch.After, ch.Seq, 0, true)
	if seat := g.Seats[ch.After.Prompt().Faction]; seat.Player != "" {
		m.ping = []string{seat.Player}
	}
	msg, err := b.post(ctx, ref.Channel, m)
	if err != nil {
		return err
	}
	b.setTurn(ctx, w.Game, ref.Guild, turnRef{msg.ChannelID, msg.ID, ch.Seq})
	return nil
}

// snoozeClick answers the Snooze button: only the member reminded may use
// it.
func (c *call) snoozeClick(custom string) (*discordgo.InteractionResponse, work) {
	c.what = "click snooze"
	rest := strings.TrimPrefix(custom, snoozePrefix)
	gs, player, ok := strings.Cut(rest, ":")
	game, err := strconv.ParseInt(gs, 10, 64)
	if !ok || err != nil || player == "" {
		c.outcome = "refused: bad control"
		return ephemeral("This button is not valid. Nothing was changed."), nil
	}
	c.game = game
	if player != c.userID() {
		c.outcome = "refused: not yours"
		return ephemeral(fmt.Sprintf("This reminder is for <@%s>; only they can snooze it. Your own reminders: `/remind me`.", player)), nil
	}
	return c.deferCommand(true, func(ctx context.Context) error {
		d := defaultSnooze
		if p, err := c.b.store.Prefs(ctx, player); err == nil && p.Snooze > 0 {
			d = p.Snooze
		}
		if err := c.b.sched.Snooze(ctx, game, player, d); err != nil {
			c.fail(err)
			return refused("error", "Something went wrong on the bot's side; the reminder was not snoozed. Try again in a moment.")
		}
		c.outcome = "snoozed"
		if err := c.reply(ctx, fmt.Sprintf("Snoozed: no reminders in game %d for %s. Change the length with `/remind me snooze:`.", game, span(d)), true); err != nil {
			return quiet(err)
		}
		return nil
	})
}

// parseSpan reads a duration such as 90m, 12h, 1d or 1d12h.
func parseSpan(s string) (time.Duration, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	var days time.Duration
	if before, after, ok := strings.Cut(s, "d"); ok {
		n, err := strconv.Atoi(before)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("%q is not a duration; write e.g. 90m, 12h, 2d or 1d12h", s)
		}
		days, s = time.Duration(n)*24*time.Hour, after
	}
	var d time.Duration
	if s != "" {
		var err error
		if d, err = time.ParseDuration(s); err != nil || d < 0 {
			return 0, fmt.Errorf("%q is not a duration; write e.g. 90m, 12h, 2d or 1d12h", s)
		}
	}
	return days + d, nil
}

// span writes d as people read it: 1d12h, 8h, 90m.
func span(d time.Duration) string {
	if d <= 0 {
		return "0m"
	}
	var out string
	if days := d / (24 * time.Hour); days > 0 {
		out = fmt.Sprintf("%dd", days)
		d -= days * 24 * time.Hour
	}
	if h := d / time.Hour; h > 0 {
		out += fmt.Sprintf("%dh", h)
		d -= h * time.Hour
	}
	if m := d / time.Minute; m > 0 {
		out += fmt.Sprintf("%dm", m)
	}
	return out
}

func countText(n int, never string) string {
	if n < 0 {
		return never
	}
	return strconv.Itoa(n)
}

// remindCommand answers /remind game and /remind me.
func (c *call) remindCommand(ctx context.Context, sub string, o options) error {
	switch sub {
	case "game":
		return c.remindGame(ctx, o)
	case "me":
		return c.remindMe(ctx, o)
	}
	return refused("refused: unknown subcommand", "Unknown /remind subcommand; see /help.")
}

func (c *call) remindGame(ctx context.Context, o options) error {
	t, err := c.b.current(ctx, c.i.ChannelID)
	if err != nil {
		return err
	}
	c.game = t.ID
	all, err := c.b.store.ReminderSettingsOf(ctx)
	if err != nil {
		return err
	}
	cur := all[t.ID]
	changed := false
	if o["interval"] != nil || o["escalate-after"] != nil || o["stop-after"] != nil {
		if !c.mayManage(ctx, t) {
			return refused("refused: not host", "Only the member who opened the game, or someone who may manage this channel, can change its reminders. Nothing was changed.")
		}
		changed = true
	}
	if v := o.str("interval"); v != "" {
		d, err := parseSpan(v)
		if err != nil || d < 10*time.Minute || d > 30*24*time.Hour {
			return refused("refused: interval", fmt.Sprintf("The interval must be a duration from 10m to 30d, such as 12h or 1d; %q is not. Nothing was changed.", v))
		}
		cur.Interval = d
	}
	for _, name := range []string{"escalate-after", "stop-after"} {
		if o[name] == nil {
			continue
		}
		n := o.integer(name, 0)
		if n < 0 || n > 50 {
			return refused("refused: "+name, fmt.Sprintf("%s must be from 0 (never) to 50. Nothing was changed.", name))
		}
		if n == 0 {
			n = remind.Never
		}
		if name == "escalate-after" {
			cur.EscalateAfter = n
		} else {
			cur.StopAfter = n
		}
	}
	vote := ""
	if o.str("timeout") != "" || o.str("on-timeout") != "" {
		d, onTimeout := cur.Timeout, cur.OnTimeout
		if v := o.str("timeout"); v != "" {
			d = 0
			if !strings.EqualFold(strings.TrimSpace(v), "off") {
				var err error
				d, err = parseSpan(v)
				if err != nil || d < time.Hour || d > 60*24*time.Hour {
					return refused("refused: timeout", fmt.Sprintf("The timeout must be off or a duration from 1h to 60d, such as 2d; %q is not. Nothing was changed.", v))
				}
			}
		}
		if v := o.str("on-timeout"); v != "" {
			var ok bool
			if onTimeout, ok = parseOnTimeout(v); !ok {
				return refused("refused: on-timeout", fmt.Sprintf("At the deadline the faction Passes (pass) or the AI plays its turn (easy, normal, hard or slow); %q is neither. Nothing was changed.", v))
			}
		}
		// The deadline is the table service's: in a running league game it
		// changes only when every seated member asks for the same one.
		tc, err := c.b.tables.TimeoutAs(ctx, c.actor(), t.Game, d, onTimeout)
		if err != nil {
			return err
		}
		if cur.Timeout, cur.OnTimeout, changed = d, onTimeout, true; !tc.Set {
			cur.Timeout, cur.OnTimeout = all[t.ID].Timeout, all[t.ID].OnTimeout
			vote = fmt.Sprintf("<@%s> asks for the deadline %s; it is set once %s ask for the same.", c.userID(), deadlineText(d, onTimeout), mentions(tc.Waiting))
		}
	}
	if changed {
		if err := c.b.store.SetReminderSettings(ctx, t.ID, cur); err != nil {
			return err
		}
	}
	eff := settingsOf(cur)
	if eff.Interval <= 0 {
		eff.Interval = remind.Defaults.Interval
	}
	if eff.EscalateAfter == 0 {
		eff.EscalateAfter = remind.Defaults.EscalateAfter
	}
	if eff.StopAfter == 0 {
		eff.StopAfter = remind.Defaults.StopAfter
	}
	timeout := deadlineText(eff.Timeout, eff.TimeoutAI)
	text := fmt.Sprintf("Reminders in game %d: every %s; the host is told after %s unanswered; they stop after %s; timeout %s.",
		t.ID, span(eff.Interval), countText(eff.EscalateAfter, "never"), countText(eff.StopAfter, "never (they go on)"), timeout)
	c.outcome = "ok"
	if changed {
		c.outcome = "set"
		if vote != "" {
			return c.done(ctx, "Your vote is recorded. "+text, vote)
		}
		return c.done(ctx, text, fmt.Sprintf("<@%s> changed the reminders. %s", c.userID(), text))
	}
	return c.done(ctx, text, "")
}

func (c *call) remindMe(ctx context.Context, o options) error {
	user := c.userID()
	p, err := c.b.store.Prefs(ctx, user)
	if err != nil {
		return err
	}
	var notes []string
	if o["zone"] != nil {
		z := strings.TrimSpace(o.str("zone"))
		if strings.EqualFold(z, "utc") {
			z = ""
		}
		if err := (remind.Prefs{Zone: z}).Validate(); err != nil || strings.EqualFold(z, "local") {
			return refused("refused: zone", fmt.Sprintf("%q is not a time zone I know. Use an IANA name such as Europe/Paris, America/New_York or Asia/Tokyo. Nothing was changed.", z))
		}
		p.Zone = z
	}
	if o["quiet"] != nil {
		q, err := remind.ParseQuietHours(o.str("quiet"))
		if err != nil {
			return refused("refused: quiet", fmt.Sprintf("Quiet hours: %v. Write them as HH:MM-HH:MM in your time zone, e.g. 22:00-07:30, or off. Nothing was changed.", err))
		}
		p.QuietFrom, p.QuietTo = q.From, q.To
	}
	if o["opt-out"] != nil {
		p.OptOut = o.boolean("opt-out")
	}
	snoozeGame := int64(0)
	var snooze time.Duration
	if v := o.str("snooze"); v != "" {
		if !strings.EqualFold(strings.TrimSpace(v), "off") {
			d, err := parseSpan(v)
			if err != nil || d < 10*time.Minute || d > 14*24*time.Hour {
				return refused("refused: snooze", fmt.Sprintf("Snooze for a duration from 10m to 14d, such as 8h, or off to lift it; %q is not. Nothing was changed.", v))
			}
			snooze, p.Snooze = d, d
		}
		t, err := c.b.current(ctx, c.i.ChannelID)
		if err != nil {
			return err
		}
		snoozeGame = t.ID
	}
	if err := c.b.store.SetPrefs(ctx, user, p); err != nil {
		return err
	}
	if snoozeGame != 0 {
		if err := c.b.sched.Snooze(ctx, snoozeGame, user, snooze); err != nil {
			return err
		}
		if snooze > 0 {
			notes = append(notes, fmt.Sprintf("No reminders in game %d for %s (the Snooze button now snoozes that long too).", snoozeGame, span(snooze)))
		} else {
			notes = append(notes, fmt.Sprintf("Your snooze in game %d is lifted.", snoozeGame))
		}
	}
	zone := p.Zone
	if zone == "" {
		zone = "UTC"
	}
	quiet := remind.QuietHours{From: p.QuietFrom, To: p.QuietTo}
	state := "on"
	if p.OptOut {
		state = "off (you opted out)"
	}
	snoozeLen := defaultSnooze
	if p.Snooze > 0 {
		snoozeLen = p.Snooze
	}
	notes = append(notes, fmt.Sprintf("Your reminders: %s; time zone %s; quiet hours %s; Snooze button %s.", state, zone, quiet, span(snoozeLen)))
	c.outcome = "ok"
	return c.done(ctx, strings.Join(notes, "\n"), "")
}

// parseOnTimeout reads /remind game on-timeout: "pass" (stored as "") or
// an AI level, stored by its lowercase name; ok is false for anything else.
func parseOnTimeout(v string) (stored string, ok bool) {
	v = strings.TrimSpace(v)
	if strings.EqualFold(v, "pass") {
		return "", true
	}
	l, err := ai.ParseLevel(v)
	if err != nil {
		return "", false
	}
	return strings.ToLower(l.Name), true
}

// levelName is the name of a stored AI level, Normal if it is unknown.
func levelName(stored string) string {
	if l, err := ai.ParseLevel(stored); err == nil {
		return l.Name
	}
	return ai.Normal.Name
}

// deadlineText says what a game's deadline is and does.
func deadlineText(timeout time.Duration, onTimeout string) string {
	switch {
	case timeout <= 0:
		return "off"
	case onTimeout != "":
		return span(timeout) + fmt.Sprintf(" (then the AI (%s) plays the waiting faction's turn, and the seat stays its member's)", levelName(onTimeout))
	}
	return span(timeout) + " (then an Eligible faction choosing its action Passes; anything else goes to the host)"
}

// stillWaiting reads again what game w.Game waits on, and where its turn
// message is (the game's channel when none was posted). The deadline acts
// only on the decision the scheduler saw: the same faction waited on since
// the same moment and, with samePlayer, held by the same member.
func (b *Bot) stillWaiting(ctx context.Context, w remind.Waiting, samePlayer bool) (db.Waiting, db.TurnRef, error) {
	now, ok, err := b.store.WaitingFor(ctx, w.Game)
	if err != nil {
		return now, db.TurnRef{}, err
	}
	if !ok || now.Since.UnixMilli() != w.Since.UnixMilli() || now.Faction != w.Faction ||
		(samePlayer && now.Player != w.Player) {
		return now, db.TurnRef{}, fmt.Errorf("game %d: the decision is no longer pending", w.Game)
	}
	ref := db.TurnRef{Channel: now.Place, Seq: now.Seq}
	if now.Turn != nil {
		ref = *now.Turn
	}
	return now, ref, nil
}
