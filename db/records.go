package db

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

// The kinds of decision.
const (
	kindDo       = "do"
	kindUndo     = "undo"
	kindTransfer = "transfer"
)

// record is one row of the decision log, and its form in an export.
type record struct {
	Seq     int64          `json:"seq"`
	Kind    string         `json:"kind"`
	Faction engine.Faction `json:"faction"`
	Choice  string         `json:"choice,omitempty"`
	Player  string         `json:"player,omitempty"`
	At      time.Time      `json:"at"`
	Key     string         `json:"key,omitempty"`
}

func (r *record) String() string {
	switch r.Kind {
	case kindUndo:
		return fmt.Sprintf("decision %d (%s undo)", r.Seq, r.Faction)
	case kindTransfer:
		return fmt.Sprintf("decision %d (%s transfer %q)", r.Seq, r.Faction, r.Choice)
	}
	return fmt.Sprintf("decision %d (%s %q)", r.Seq, r.Faction, r.Choice)
}

// applyTo plays the decision on g.
func (r *record) applyTo(g *engine.Game) error {
	switch r.Kind {
	case kindDo:
		return g.Do(r.Faction, r.Choice)
	case kindUndo:
		return g.Undo(r.Faction)
	case kindTransfer:
		t, err := engine.ParseTransfer(r.Faction, r.Choice)
		if err != nil {
			return err
		}
		return g.Transfer(t)
	}
	return fmt.Errorf("unknown kind of decision %q", r.Kind)
}

// readRecords returns game id's decisions after seq after, in order. A gap
// in the numbering is corruption: the schema forbids it.
func readRecords(ctx context.Context, q querier, id, after int64) ([]record, error) {
	rows, err := q.QueryContext(ctx, `SELECT seq, kind, faction, choice, player, at, COALESCE(key, '')
		FROM decisions WHERE game = ? AND seq > ? ORDER BY seq`, id, after)
	if err != nil {
		return nil, fmt.Errorf("game %d: decisions: %w", id, err)
	}
	defer rows.Close()
	var recs []record
	for rows.Next() {
		var r record
		var faction string
		var at int64
		if err := rows.Scan(&r.Seq, &r.Kind, &faction, &r.Choice, &r.Player, &at, &r.Key); err != nil {
			return nil, fmt.Errorf("game %d: decisions: %w", id, err)
		}
		if want := after + int64(len(recs)) + 1; r.Seq != want {
			return nil, fmt.Errorf("game %d: %w: decision %d is missing from the log", id, ErrCorrupt, want)
		}
		if r.Faction, err = engine.ParseFaction(faction); err != nil {
			return nil, fmt.Errorf("game %d: %w: decision %d: %v", id, ErrCorrupt, r.Seq, err)
		}
		r.At = time.UnixMilli(at).UTC()
		recs = append(recs, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("game %d: decisions: %w", id, err)
	}
	return recs, nil
}

// findKey returns the decision of game id recorded under an idempotency key.
func findKey(ctx context.Context, q querier, id int64, key string) (r record, found bool, err error) {
	var faction string
	err = q.QueryRowContext(ctx, `SELECT seq, kind, faction, choice FROM decisions WHERE game = ? AND key = ?`, id, key).
		Scan(&r.Seq, &r.Kind, &faction, &r.Choice)
	if err == sql.ErrNoRows {
		return r, false, nil
	}
	if err != nil {
		return r, false, fmt.Errorf("game %d: idempotency key: %w", id, err)
	}
	r.Faction, err = engine.ParseFaction(faction)
	if err != nil {
		return r, false, fmt.Errorf("game %d: %w: decision %d: %v", id, ErrCorrupt, r.Seq, err)
	}
	return r, true, nil
}

func insertRecord(ctx context.Context, tx *sql.Tx, id int64, r *record) error {
	var key any // NULL: no key, which the unique index does not constrain
	if r.Key != "" {
		key = r.Key
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO decisions (game, seq, kind, faction, choice, player, at, key)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, id, r.Seq, r.Kind, r.Faction.String(), r.Choice, r.Player, r.At.UnixMilli(), key)
	if err != nil {
		return fmt.Errorf("game %d: %s: %w", id, r, err)
	}
	return nil
}
