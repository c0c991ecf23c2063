package commands

import (
	"context"
	"strconv"

	"github.com/chinaswar/chinaswar/engine"
)

// Session is one player's series of moves on a stored game, as a Table: a
// script of /do, or the console. Each move goes through Tables; the first
// uses the session's key and later ones the key with "/1", "/2"... so a
// script delivered twice is applied once.
type Session struct {
	t     *Tables
	ctx   context.Context
	m     Move
	n     int          // moves sent so far
	first *engine.Game // the game when the session began
	g     *engine.Game // the game now, shared: read only
	undo  bool
	// forced are the answers the engine applied on its own so far.
	forced []engine.Forced
}

// Session starts a series of moves on game m.Game, which is g at decision
// m.Seq (g as the store or an earlier Change gave it).
func (t *Tables) Session(ctx context.Context, m Move, g *engine.Game) *Session {
	return &Session{t: t, ctx: ctx, m: m, first: g, g: g}
}

// Game is the game as it is now. It is shared: read it, never change it.
func (s *Session) Game() *engine.Game { return s.g }

func (s *Session) next() Move {
	m := s.m
	if s.n > 0 && m.Key != "" {
		m.Key += "/" + strconv.Itoa(s.n)
	}
	s.n++
	return m
}

func (s *Session) took(ch Change, err error) error {
	if err == nil {
		s.g, s.m.Seq = ch.After, ch.Seq
		s.forced = append(s.forced, ch.Forced...)
	}
	return err
}

// Do answers faction f's decision.
func (s *Session) Do(f engine.Faction, choice string) error {
	return s.took(s.t.Decide(s.ctx, s.next(), f, choice))
}

// Undo takes back faction f's last decision.
func (s *Session) Undo(f engine.Faction) error {
	ch, err := s.t.Undo(s.ctx, s.next(), f)
	if err == nil {
		s.undo = true
	}
	return s.took(ch, err)
}

// Transfer makes a voluntary transfer (1.5.2).
func (s *Session) Transfer(tr engine.Transfer) error {
	return s.took(s.t.Give(s.ctx, s.next(), tr))
}

// Change is what the session did so far, as one change.
func (s *Session) Change() Change {
	ch := between(s.m.Game, s.m.Seq, s.first, s.g)
	ch.Undo = s.undo
	ch.Forced = s.forced
	return ch
}

// Script runs a script of choices for faction f (Run) and returns what it
// did as one change, with the error that stopped it if any: the choices
// before that error are kept.
func (t *Tables) Script(ctx context.Context, m Move, g *engine.Game, f engine.Faction, script string) (Change, error) {
	s := t.Session(ctx, m, g)
	done, err := Run(ctx, s, f, script)
	ch := s.Change()
	ch.Applied = done
	return ch, err
}
