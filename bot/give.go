package bot

import (
	"context"
	"fmt"

	"github.com/chinaswar/chinaswar/engine"
)

// Voluntary transfers (1.5.2): /give resources and /give patronage.
//
// A transfer is the one thing a faction may do out of turn: while the
// giver or the receiver is executing an Operation, Special Activity or
// Event. The engine says when that is and what may be given; the bot only
// checks that the member holds the giving seat. A transfer takes its place
// in the log like any decision, so it moves the game's decision count on:
// the channel is told, and the current turn message is refreshed so that
// its buttons carry the new count.

// giveCommand applies /give.
func (c *call) giveCommand(ctx context.Context, sub string, o options) error {
	t, err := c.b.current(ctx, c.i.ChannelID)
	if err != nil {
		return err
	}
	c.game, c.seq = t.ID, t.Seq
	if t.lobby {
		return refused("refused: lobby", "The game has not started: `/game start` once all four factions are seated.")
	}
	if t.Engine.Prompt() == nil {
		return refused("refused: over", "The game is over. Nothing was changed.")
	}
	tr, ok := c.transferOf(t, sub, o)
	if !ok {
		return nil
	}
	c.faction = tr.From.String()
	if !holds(t.Game, c.userID(), tr.From) {
		yours := ""
		if fs := seatsOf(t.Game, c.userID()); len(fs) > 0 {
			yours = fmt.Sprintf(" You play %s.", factionList(fs))
		}
		return refused("refused: not your seat", fmt.Sprintf("Only %s, who plays %s, can give %s's Resources.%s Nothing was changed.", who(t.Game, tr.From), tr.From, tr.From, yours))
	}
	// The rules are left to the engine, through the store: the store looks
	// the interaction id up first, so a second delivery of a transfer
	// already made is recognised even though the game has moved on.
	ch, err := c.b.tables.Give(ctx, c.move(t, t.Seq), tr)
	if err != nil {
		return err
	}
	c.outcome, c.seq = "applied", ch.Seq
	c.b.remember(c.i.ChannelID, t.ID, ch.Seq, ch.After)
	line := transferLine(tr)
	after := ch.After.State()
	private := fmt.Sprintf("Done: %s %s now has %d Resources; %s has %d.", line, tr.To, after.Resources[tr.To], tr.From, after.Resources[tr.From])
	if tr.Patronage {
		private = fmt.Sprintf("Done: %s Patronage is now %d; WLD has %d Resources.", line, after.Patronage, after.Resources[engine.WLD])
	}
	if err := c.done(ctx, private, line); err != nil {
		return err
	}
	// The executing faction's turn message still shows the old decision
	// count, so its buttons would be refused as stale: show it afresh.
	if ch.After.Prompt() != nil {
		c.showTurn(ctx, t.Game, ch.After, ch.Seq, nil, false)
	}
	return nil
}

// transferOf reads the transfer a /give asks for; it refuses and reports
// false when the options do not make one.
func (c *call) transferOf(t *table, sub string, o options) (engine.Transfer, bool) {
	tr := engine.Transfer{Amount: o.integer("amount", 0)}
	switch sub {
	case "patronage":
		tr.From, tr.To, tr.Patronage = engine.NAT, engine.WLD, true
		return tr, true
	case "resources":
	default:
		c.refuse("refused: unknown subcommand", "Use `/give resources to:FACTION amount:N` or `/give patronage amount:N`.")
		return tr, false
	}
	to, err := engine.ParseFaction(o.str("to"))
	if err != nil {
		c.refuse("refused: bad faction", "Say which faction receives: `to:` JPN, NAT, WLD or CPC. Nothing was changed.")
		return tr, false
	}
	tr.To = to
	if s := o.str("from"); s != "" {
		if tr.From, err = engine.ParseFaction(s); err != nil {
			c.refuse("refused: bad faction", "`from:` must be JPN, NAT, WLD or CPC. Nothing was changed.")
			return tr, false
		}
		return tr, true
	}
	// By default the giver is the caller's seat, other than the receiver.
	var mine []engine.Faction
	for _, f := range seatsOf(t.Game, c.userID()) {
		if f != to {
			mine = append(mine, f)
		}
	}
	switch len(mine) {
	case 0:
		c.refuse("refused: not your seat", fmt.Sprintf("You play no faction that could give to %s in this game. Nothing was changed.", to))
		return tr, false
	case 1:
		tr.From = mine[0]
		return tr, true
	}
	c.refuse("refused: ambiguous", fmt.Sprintf("You play %s: say which gives with `from:`. Nothing was changed.", factionList(mine)))
	return tr, false
}

// transferLine tells the channel about a transfer.
func transferLine(t engine.Transfer) string {
	if t.Patronage {
		return fmt.Sprintf("NAT gave %d Patronage to WLD as Resources.", t.Amount)
	}
	return fmt.Sprintf("%s gave %d Resources to %s.", t.From, t.Amount, t.To)
}
