package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/chinaswar/chinaswar/bot/remind"
	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/engine/ai"
)

// The AI at a deadline. A game whose deadline is set to let the AI play
// (/remind game on-timeout) has the AI play the waiting faction's turn
// when the deadline passes: the decisions of the faction's action under
// way, until it is complete or another faction must answer. Unlike a Pass
// it works on any decision. Each answer goes through the table service
// like a click, keyed by the game and its decision count, and is recorded
// as the bot's; the seat stays the member's, who has the next turn.

// maxDeadlineAI bounds the decisions the AI makes for one deadline: an
// action has far fewer, so reaching it means something is wrong.
const maxDeadlineAI = 500

// PlayAI has the AI play w's faction's turn, if w's decision is still the
// pending one, and posts the action like an AI seat's, then the game's next
// turn message. Like a Pass, it is refused without a bot token.
func (r reminders) PlayAI(ctx context.Context, w remind.Waiting) error {
	b := r.b
	if b.rest.Token == "" {
		return fmt.Errorf("game %d: the AI does not play at a deadline without a bot token: it could not be announced", w.Game)
	}
	level, err := ai.ParseLevel(w.Settings.TimeoutAI)
	if err != nil {
		level = ai.Normal
	}
	now, ref, err := b.stillWaiting(ctx, w, true)
	if err != nil {
		return err
	}
	l := b.channelLock(ref.Channel)
	l.Lock()
	defer l.Unlock()
	g, err := b.tables.View(ctx, w.Game)
	if err != nil {
		return err
	}
	if p := g.Engine.Prompt(); g.Seq != now.Seq || p == nil || p.Faction != w.Faction {
		return fmt.Errorf("game %d: the decision is no longer pending", w.Game)
	}
	ch, lines, err := b.playTurnAI(ctx, g, w.Faction, level, ref.Channel)
	if ch.After == nil {
		return err // nothing was played: the scheduler tries again
	}
	if err != nil {
		b.log.Error("AI at a deadline", "game", w.Game, "error", err)
	}
	b.editChannelMessage(ctx, turnRef{ref.Channel, ref.Message, ref.Seq},
		message{content: fmt.Sprintf("⏱ The deadline passed: the AI (%s) played %s's turn for <@%s> (decision %d).", level.Name, w.Faction, w.Player, ref.Seq)})
	b.forgetTurn(ctx, w.Game)
	header := fmt.Sprintf("⏱ The deadline passed, so the AI (%s) plays %s's turn for <@%s>, who keeps the seat.", level.Name, w.Faction, w.Player)
	if err := b.postAIAction(ctx, ref.Channel, ch, append([]string{header}, lines...)); err != nil {
		return err
	}
	if ch.Over {
		b.ai.finished(w.Game)
		post := func(m message) error {
			_, err := b.post(ctx, ref.Channel, m)
			return err
		}
		return b.announceEnd(ctx, w.Game, b.finalMessages(ctx, g, ch.After, "The game is archived; `/game new` opens another here."), post)
	}
	after, err := b.tables.View(ctx, w.Game)
	if err != nil {
		return err
	}
	if p := after.Engine.Prompt(); p != nil && isAI(after, p.Faction) {
		b.playAI(w.Game, ref.Channel)
		return nil
	}
	return b.postAfterAI(ctx, after, ref.Channel)
}

// playTurnAI answers faction f's decisions in g at level l until its
// action is complete, the game ends or another faction must answer. It
// returns what it did as one change (with no After when it did nothing)
// and the AI's explanation lines.
func (b *Bot) playTurnAI(ctx context.Context, g *db.Game, f engine.Faction, l ai.Level, channel string) (commands.Change, []string, error) {
	var total commands.Change
	var lines []string
	for n := 0; n < maxDeadlineAI; n++ {
		choice, ex, err := b.decideAI(g.ID, g, f, l)
		if err != nil {
			return total, lines, fmt.Errorf("%s (AI at the deadline): %w", f, err)
		}
		if ex != nil {
			lines = append(lines, ex.Line())
		}
		m := commands.Move{Game: g.ID, Seq: g.Seq, Key: fmt.Sprintf("deadline-ai:%d:%d", g.ID, g.Seq)}
		ch, err := b.tables.Decide(ctx, m, f, choice)
		if err != nil {
			if errors.Is(err, commands.ErrAlreadyApplied) || errors.Is(err, db.ErrStale) {
				err = fmt.Errorf("game %d moved while the AI played %s's turn: %w", g.ID, f, err)
			}
			return total, lines, err
		}
		b.advanceAI(g.ID, f, choice, ch.Seq)
		b.remember(channel, g.ID, ch.Seq, ch.After)
		if total.After == nil {
			total = ch
			total.Entries = append([]engine.Entry(nil), ch.Entries...) // not the store's log
		} else {
			total.Seq, total.After, total.Over, total.Result = ch.Seq, ch.After, ch.Over, ch.Result
			total.Entries = append(total.Entries, ch.Entries...)
		}
		if len(ch.Entries) > 0 || ch.Over {
			return total, lines, nil // the action is complete
		}
		if g, err = b.tables.View(ctx, g.ID); err != nil {
			return total, lines, err
		}
		if p := g.Engine.Prompt(); p == nil || p.Faction != f {
			return total, lines, nil // another faction answers within the action
		}
	}
	return total, lines, fmt.Errorf("game %d: the AI made %d decisions for %s's turn without completing it", g.ID, maxDeadlineAI, f)
}
