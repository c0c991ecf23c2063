package db

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/chinaswar/chinaswar/engine"
)

// Decision is one player's click.
type Decision struct {
	// ExpectSeq is the game's Seq the player saw when choosing (Game.Seq,
	// Applied.Seq). A decision made against an older state is refused with
	// ErrStale: it answers a question the game no longer asks.
	ExpectSeq int64
	Faction   engine.Faction
	Choice    string // an engine.Choice ID; not used by Undo
	Player    string // who decided, for the record
	// Key makes a submission idempotent: a second submission with the same
	// key returns the first one's result and changes nothing. A Discord
	// interaction id fits. "" for none.
	Key string
}

// Applied is the result of a decision.
type Applied struct {
	Seq int64 // the decision's number, which is the game's Seq after it
	// Duplicate is set when the Key had been used already: nothing was
	// written, and Seq is that first decision's.
	Duplicate bool
	// Prompt and Over describe the game now (for a duplicate too): what it
	// waits on, nil when it is over.
	Prompt *engine.Prompt
	Over   bool
	// Game is the game after the decision (for a duplicate: as it is now)
	// and Before the game it was applied to (nil for a duplicate). Both are
	// the store's own and shared: read them, and Clone one to change it.
	Game, Before *engine.Game
}

// Apply records and applies one decision: in one transaction it checks the
// sequence number, applies the choice through the engine, appends it to the
// log, takes a snapshot when one is due and commits durably. An illegal
// choice is ErrRejected, wrapping the engine's error, and writes nothing.
func (s *Store) Apply(ctx context.Context, id int64, d Decision) (Applied, error) {
	return s.decide(ctx, id, kindDo, d)
}

// Transfer records a voluntary transfer (1.5.2): the one thing a faction may
// do out of turn, while the giver or the receiver is executing. The
// transfer sets d's Faction (its giver) and Choice. It takes its place in
// the log like any decision, so it too makes older buttons stale.
func (s *Store) Transfer(ctx context.Context, id int64, d Decision, t engine.Transfer) (Applied, error) {
	d.Faction, d.Choice = t.From, t.ID()
	return s.decide(ctx, id, kindTransfer, d)
}

// Undo takes back d.Faction's last decision within its current action. It is
// recorded as a decision of its own: the log is never rewritten.
func (s *Store) Undo(ctx context.Context, id int64, d Decision) (Applied, error) {
	d.Choice = ""
	return s.decide(ctx, id, kindUndo, d)
}

func (s *Store) decide(ctx context.Context, id int64, kind string, d Decision) (_ Applied, err error) {
	defer func() { err = diskFull(err) }()
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return Applied{}, fmt.Errorf("game %d: %w", id, err)
	}
	defer tx.Rollback()
	info, err := s.lockInfo(ctx, tx, id)
	if err != nil {
		return Applied{}, err
	}
	// The key comes first: a retry of a decision that won must get its
	// result even though the game has moved on or ended since.
	if d.Key != "" {
		first, found, err := findKey(ctx, tx, id, d.Key)
		if err != nil {
			return Applied{}, err
		}
		if found {
			if first.Kind != kind || first.Faction != d.Faction || first.Choice != d.Choice {
				return Applied{}, fmt.Errorf("game %d: %w: key %q is %s", id, ErrDuplicate, d.Key, &first)
			}
			e, err := s.entry(ctx, tx, info)
			if err != nil {
				return Applied{}, err
			}
			return result(e, first.Seq, true), nil
		}
	}
	if info.Status != Active {
		why := string(info.Status)
		if info.Problem != "" {
			why += ": " + info.Problem
		}
		return Applied{}, fmt.Errorf("game %d: %w: it is %s", id, ErrNotActive, why)
	}
	if info.Lobby {
		return Applied{}, fmt.Errorf("game %d: %w: it has not started", id, ErrNotActive)
	}
	if d.ExpectSeq != info.Seq {
		return Applied{}, fmt.Errorf("game %d: %w (it was chosen at decision %d; the game is at decision %d)", id, ErrStale, d.ExpectSeq, info.Seq)
	}
	e, err := s.entry(ctx, tx, info)
	if err != nil {
		if isBroken(err) {
			if merr := setBroken(ctx, tx, id, err); merr != nil {
				return Applied{}, fmt.Errorf("%w (%v)", err, merr)
			}
			if cerr := tx.Commit(); cerr != nil {
				return Applied{}, fmt.Errorf("%w (marking it broken: %v)", err, cerr)
			}
		}
		return Applied{}, err
	}
	r := record{Seq: info.Seq + 1, Kind: kind, Faction: d.Faction, Choice: d.Choice, Player: d.Player, At: now(), Key: d.Key}
	// The decision is applied to a copy: the cached game stays as it was
	// until the decision is recorded, and others may be reading it.
	g := e.g.Clone()
	s.applied.Add(1)
	if err := r.applyTo(g); err != nil {
		return Applied{}, fmt.Errorf("game %d: %w: %w", id, ErrRejected, err)
	}
	next := &entry{g: g, seq: r.Seq, snap: e.snap, logged: e.logged}
	if err := s.recordDecision(ctx, tx, info, next, &r); err != nil {
		return Applied{}, fmt.Errorf("game %d: recording %s: %w", id, &r, err)
	}
	// Kept before the commit, while this transaction still holds the
	// write connection, so that no later decision's entry is replaced.
	s.keep(id, next)
	if err := tx.Commit(); err != nil {
		s.forget(id)
		return Applied{}, fmt.Errorf("game %d: recording %s: %w", id, &r, err)
	}
	a := result(next, r.Seq, false)
	a.Before = e.g
	return a, nil
}

// recordDecision writes decision r, already applied to e's game, and a
// snapshot when one is due, which e then records.
func (s *Store) recordDecision(ctx context.Context, tx *sql.Tx, info Info, e *entry, r *record) error {
	id, g := info.ID, e.g
	if err := insertRecord(ctx, tx, id, r); err != nil {
		return err
	}
	status := Active
	if g.Over() {
		status = Finished
	}
	if _, err := tx.ExecContext(ctx, `UPDATE games SET status = ?, updated = ? WHERE id = ?`, status, r.At.UnixMilli(), id); err != nil {
		return err
	}
	if status == Finished {
		if err := s.finish(ctx, tx, info, g, r.At); err != nil {
			return err
		}
	} else if err := writeWaiting(ctx, tx, id, r.Seq, g, s.waitingSince()); err != nil {
		return err
	}
	if !snapshotDue(r.Seq, e.snap, g.Over()) {
		return nil
	}
	sn, err := takeSnapshot(g, r.Seq, e.logged)
	if err != nil {
		return err
	}
	if err := insertSnapshot(ctx, tx, id, sn); err != nil {
		return err
	}
	if e.snap > 0 && !checkpoint(e.snap) {
		if _, err := tx.ExecContext(ctx, `DELETE FROM snapshots WHERE game = ? AND seq = ?`, id, e.snap); err != nil {
			return err
		}
	}
	e.snap, e.logged = r.Seq, sn.logged
	return nil
}

func result(e *entry, seq int64, dup bool) Applied {
	a := Applied{Seq: seq, Duplicate: dup, Over: e.g.Over(), Game: e.g}
	if p := e.g.Prompt(); p != nil {
		// A copy, so that a caller changing it changes no shared game.
		cp := *p
		cp.Choices = append([]engine.Choice(nil), p.Choices...)
		a.Prompt = &cp
	}
	return a
}
