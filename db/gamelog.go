package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/chinaswar/chinaswar/engine"
)

// The game log is kept in game_log rows, one written with each snapshot
// holding the entries its game added since the previous one, so that
// neither a snapshot nor a decision writes the whole log.

// logRow is a game_log row: the log entries numbered first onwards.
type logRow struct {
	seq     int64 // the snapshot's decision
	first   int
	entries []engine.Entry
	blob    []byte // entries as stored
}

// next is the number of the entry after the row's.
func (r *logRow) next() int { return r.first + len(r.entries) }

func newLogRow(seq int64, first int, entries []engine.Entry) (*logRow, error) {
	js, err := json.Marshal(entries)
	if err != nil {
		return nil, err
	}
	blob, err := deflate(js)
	if err != nil {
		return nil, err
	}
	return &logRow{seq: seq, first: first, entries: entries, blob: blob}, nil
}

func insertLogRow(ctx context.Context, tx *sql.Tx, id int64, r *logRow) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO game_log (game, seq, first, entries) VALUES (?, ?, ?, ?)`,
		id, r.seq, r.first, r.blob); err != nil {
		return fmt.Errorf("game log: %w", err)
	}
	return nil
}

// readLogRows returns game id's game_log rows up to decision upTo, in
// order, decoded. Rows that do not follow each other, or do not decode, are
// ErrCorrupt.
func readLogRows(ctx context.Context, q querier, id, upTo int64) ([]logRow, error) {
	rows, err := q.QueryContext(ctx, `SELECT seq, first, entries FROM game_log WHERE game = ? AND seq <= ? ORDER BY seq`, id, upTo)
	if err != nil {
		return nil, fmt.Errorf("game %d: game log: %w", id, err)
	}
	defer rows.Close()
	var out []logRow
	next := 1
	for rows.Next() {
		var r logRow
		if err := rows.Scan(&r.seq, &r.first, &r.blob); err != nil {
			return nil, fmt.Errorf("game %d: game log: %w", id, err)
		}
		if r.first != next {
			return nil, fmt.Errorf("game %d: %w: the game log stored with the snapshot after decision %d starts at entry %d, not %d", id, ErrCorrupt, r.seq, r.first, next)
		}
		js, err := decodeSnapshot(r.blob)
		if err == nil {
			err = json.Unmarshal(js, &r.entries)
		}
		if err != nil {
			return nil, fmt.Errorf("game %d: %w: the game log stored with the snapshot after decision %d cannot be read: %v", id, ErrCorrupt, r.seq, err)
		}
		out, next = append(out, r), r.next()
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("game %d: game log: %w", id, err)
	}
	return out, nil
}

// readLog returns game id's log as stored up to decision upTo.
func readLog(ctx context.Context, q querier, id, upTo int64) ([]engine.Entry, error) {
	rows, err := readLogRows(ctx, q, id, upTo)
	if err != nil {
		return nil, err
	}
	n := 0
	for _, r := range rows {
		n += len(r.entries)
	}
	log := make([]engine.Entry, 0, n)
	for _, r := range rows {
		log = append(log, r.entries...)
	}
	return log, nil
}

// matches reports whether g's log, after the row's decision, ends with the
// row's entries.
func (r *logRow) matches(g *engine.Game) bool {
	log := g.Log()
	return len(log) == r.next()-1 && slices.Equal(log[r.first-1:], r.entries)
}
