package db

import (
	"bytes"
	"compress/flate"
	"context"
	"database/sql"
	"fmt"
	"io"
	"sync"

	"github.com/chinaswar/chinaswar/engine"
)

// snapshotEvery bounds the decisions a load replays after the latest
// snapshot. A snapshot is also taken when a game ends, so a finished game
// loads without replaying anything.
const snapshotEvery = 50

func snapshotDue(seq, last int64, over bool) bool {
	return over || seq-last >= snapshotEvery
}

// checkpointEvery says which snapshots outlive the next one: loading needs
// only the latest, and the replay check needs some along the way to tell
// roughly where a game diverged. Each snapshot holds the whole game log, so
// keeping all of them would grow a game's storage with the square of its
// length (a 3,000-decision game would pass 1 MB).
const checkpointEvery = 250

func checkpoint(seq int64) bool { return seq%checkpointEvery == 0 }

// A saved game carries the whole game log, which grows through a game;
// DEFLATE shrinks it about eightfold (50-60 KB to 6-7 KB at the end of a
// game today), which keeps a finished game well under its 1 MB budget.
func encodeSnapshot(g *engine.Game) ([]byte, error) {
	js, err := g.MarshalJSON()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	w := compressors.Get().(*flate.Writer)
	defer compressors.Put(w)
	w.Reset(&b)
	if _, err := w.Write(js); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// compressors reuses DEFLATE writers: a new one allocates about a megabyte,
// which costs more than compressing a snapshot (milliseconds against 0.1).
var compressors = sync.Pool{New: func() any {
	w, _ := flate.NewWriter(nil, flate.DefaultCompression) // fails only for a bad level
	return w
}}

func decodeSnapshot(blob []byte) ([]byte, error) {
	return io.ReadAll(flate.NewReader(bytes.NewReader(blob)))
}

// snapshot is a stored snapshot row.
type snapshot struct {
	seq    int64
	engine string
	blob   []byte
}

func insertSnapshot(ctx context.Context, tx *sql.Tx, id int64, sn snapshot) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO snapshots (game, seq, engine, state) VALUES (?, ?, ?, ?)`,
		id, sn.seq, sn.engine, sn.blob)
	if err != nil {
		return fmt.Errorf("game %d: snapshot after decision %d: %w", id, sn.seq, err)
	}
	return nil
}

// takeSnapshot encodes g as the snapshot after decision seq.
func takeSnapshot(g *engine.Game, seq int64) (snapshot, error) {
	blob, err := encodeSnapshot(g)
	return snapshot{seq: seq, engine: engine.Version, blob: blob}, err
}

// readSnapshots returns game id's snapshots, in order of seq; only the latest
// when latest is set.
func readSnapshots(ctx context.Context, q querier, id int64, latest bool) ([]snapshot, error) {
	query := `SELECT seq, engine, state FROM snapshots WHERE game = ? ORDER BY seq`
	if latest {
		query += ` DESC LIMIT 1`
	}
	rows, err := q.QueryContext(ctx, query, id)
	if err != nil {
		return nil, fmt.Errorf("game %d: snapshots: %w", id, err)
	}
	defer rows.Close()
	var sns []snapshot
	for rows.Next() {
		var sn snapshot
		if err := rows.Scan(&sn.seq, &sn.engine, &sn.blob); err != nil {
			return nil, fmt.Errorf("game %d: snapshots: %w", id, err)
		}
		sns = append(sns, sn)
	}
	return sns, rows.Err()
}

// restore loads a snapshot under the current rules. When it does not load,
// rulesChanged tells whether other rules wrote it: then the rules moved on,
// else the row was damaged.
func (sn snapshot) restore() (g *engine.Game, rulesChanged bool, err error) {
	js, err := decodeSnapshot(sn.blob)
	if err != nil {
		return nil, false, fmt.Errorf("the snapshot after decision %d cannot be read: %v", sn.seq, err)
	}
	if g, err = engine.Load(js, nil); err != nil {
		return nil, sn.engine != engine.Version, fmt.Errorf("the snapshot after decision %d (written by engine %s) does not load: %v", sn.seq, sn.engine, err)
	}
	return g, false, nil
}

// matches reports whether g is the game the snapshot saved. A snapshot
// written by these rules must be what g saves, byte for byte (the engine is
// deterministic), which is quick to check; one written by other rules is
// loaded under these first, so a version bump that changes no outcome
// still matches.
func (sn snapshot) matches(g *engine.Game) (same, rulesChanged bool, err error) {
	want, err := g.MarshalJSON()
	if err != nil {
		return false, false, err
	}
	if sn.engine == engine.Version {
		js, err := decodeSnapshot(sn.blob)
		if err != nil {
			return false, false, fmt.Errorf("the snapshot after decision %d cannot be read: %v", sn.seq, err)
		}
		return bytes.Equal(js, want), false, nil
	}
	stored, rulesChanged, err := sn.restore()
	if err != nil {
		return false, rulesChanged, err
	}
	got, err := stored.MarshalJSON()
	return bytes.Equal(got, want), false, err
}

// sameGame reports whether a and b save to the same bytes. Both save under
// the current rules, so a game exported by another engine version compares
// equal when nothing but the version changed.
func sameGame(a, b *engine.Game) (bool, error) {
	ja, err := a.MarshalJSON()
	if err != nil {
		return false, err
	}
	jb, err := b.MarshalJSON()
	return bytes.Equal(ja, jb), err
}
