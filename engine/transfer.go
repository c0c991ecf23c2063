package engine

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Transfer is a voluntary transfer (1.5.2): Resources from one faction to
// another, or NAT Patronage to WLD Resources, while the giving or receiving
// faction is executing an Operation, Special Activity or Event. It is the
// one action a faction may take out of turn.
type Transfer struct {
	From, To  Faction
	Amount    int
	Patronage bool // NAT Patronage to WLD Resources, one for one
}

// ID encodes a transfer as an answer ("give:WLD:3", "patronage:WLD:2"; the
// giver is the answering faction), so it replays in place and can be stored
// beside ordinary choices.
func (t Transfer) ID() string {
	kind := "give"
	if t.Patronage {
		kind = "patronage"
	}
	return fmt.Sprintf("%s:%s:%d", kind, t.To, t.Amount)
}

func isTransfer(choice string) bool {
	return strings.HasPrefix(choice, "give:") || strings.HasPrefix(choice, "patronage:")
}

// ParseTransfer reads a transfer written by Transfer.ID, given by faction from.
func ParseTransfer(from Faction, choice string) (Transfer, error) {
	kind, rest, ok := strings.Cut(choice, ":")
	faction, amount, ok2 := strings.Cut(rest, ":")
	if !ok || !ok2 || strings.Contains(amount, ":") {
		return Transfer{}, fmt.Errorf("engine: bad transfer %q", choice)
	}
	to, err := ParseFaction(faction)
	if err != nil {
		return Transfer{}, err
	}
	n, err := strconv.Atoi(amount)
	if err != nil {
		return Transfer{}, fmt.Errorf("engine: bad transfer amount in %q", choice)
	}
	return Transfer{From: from, To: to, Amount: n, Patronage: kind == "patronage"}, nil
}

// check validates a transfer against the state and the faction executing.
func (t Transfer) check(s *State, executor Faction) error {
	switch {
	case t.From == t.To:
		return errors.New("a faction cannot transfer to itself")
	case t.From != executor && t.To != executor:
		return fmt.Errorf("transfers are allowed only to or from the faction executing (%s) (1.5.2)", executor)
	case t.Patronage && (t.From != NAT || t.To != WLD):
		return errors.New("only NAT may transfer Patronage, and only to WLD Resources (1.5.2)")
	case t.Amount < 1:
		return errors.New("a transfer must be of at least 1")
	}
	for _, team := range s.Options.Teams {
		if slices.Contains(team, t.From) && slices.Contains(team, t.To) {
			return fmt.Errorf("%s and %s are held by the same player, who may not transfer between them (1.5)", t.From, t.To)
		}
	}
	have := s.Resources[t.From]
	if t.Patronage {
		have = s.Patronage
	}
	if t.Amount > have {
		return fmt.Errorf("%s has only %d to give", t.From, have)
	}
	if room := 60 - s.Resources[t.To]; t.Amount > room {
		return fmt.Errorf("%s can receive at most %d more Resources (limit 60)", t.To, room)
	}
	return nil
}

func (t Transfer) apply(s *State) {
	if t.Patronage {
		s.Patronage -= t.Amount
	} else {
		s.Resources[t.From] -= t.Amount
	}
	s.Resources[t.To] += t.Amount
}

// applyTransfers applies the transfers recorded at this point of the
// replay. A recorded transfer was checked when it was made.
func (r *run) applyTransfers() error {
	for r.pos < len(r.trail) && isTransfer(r.trail[r.pos].Choice) {
		a := r.trail[r.pos]
		t, err := ParseTransfer(a.Faction, a.Choice)
		if err != nil {
			return err
		}
		t.apply(r.s)
		what := "Resources"
		if t.Patronage {
			what = "Patronage as Resources"
		}
		r.note(t.From, "%s gave %d %s to %s.", t.From, t.Amount, what, t.To)
		r.pos++
	}
	return nil
}

// Transfer makes a voluntary transfer now. It is refused, changing nothing,
// unless a faction is executing an Operation, Special Activity or Event and
// is the giver or the receiver.
func (g *Game) Transfer(t Transfer) error {
	if err := g.transferLegal(t); err != nil {
		return err
	}
	return g.answer(answer{Faction: t.From, Choice: t.ID()})
}

// transferLegal reports whether Transfer would accept t now.
func (g *Game) transferLegal(t Transfer) error {
	p := g.pending
	if p == nil || !p.Executing {
		return refuse(ErrIllegal, "transfers are allowed only while a faction is executing an Operation, Special Activity or Event (1.5.2), when it is choosing its next space")
	}
	if err := t.check(&g.cur, p.Executor); err != nil {
		return &RuleError{Kind: ErrIllegal, Reason: err.Error(), Cause: err}
	}
	return nil
}
