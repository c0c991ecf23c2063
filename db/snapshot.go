package db

import (
	"bytes"
	"compress/flate"
	"context"
	"database/sql"
	"fmt"
	"io"

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
// roughly where a game diverged.
const checkpointEvery = 250

func checkpoint(seq int64) bool { return seq%checkpointEvery == 0 }

// A snapshot holds the game's state without its log (engine.MarshalState),
// so it costs the same to write at decision 1,000 as at decision 1. The log
// entries added since the previous snapshot are written with it, as a
// game_log row (gamelog.go). Snapshots written before the game log had its
// own rows hold the whole log (engine.MarshalJSON), and still load.

// encodeSnapshot is g's state, DEFLATE-compressed.
func encodeSnapshot(g *engine.Game) ([]byte, error) {
	js, err := g.MarshalState()
	if err != nil {
		return nil, err
	}
	return deflate(js)
}

func deflate(data []byte) ([]byte, error) {
	var b bytes.Buffer
	w := compressor()
	defer releaseCompressor(w)
	w.Reset(&b)
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// compressors keeps DEFLATE writers for reuse: a new one allocates about a
// megabyte, which costs more than compressing a snapshot. Unlike a
// sync.Pool, it keeps them across garbage collections, which come far more
// often than snapshots.
var compressors = make(chan *flate.Writer, 4)

func compressor() *flate.Writer {
	select {
	case w := <-compressors:
		return w
	default:
		w, _ := flate.NewWriter(nil, flate.DefaultCompression) // fails only for a bad level
		return w
	}
}

func releaseCompressor(w *flate.Writer) {
	select {
	case compressors <- w:
	default:
	}
}

// decodeSnapshot inflates a snapshot or a game_log row.
func decodeSnapshot(blob []byte) ([]byte, error) {
	r := decompressor(blob)
	defer releaseDecompressor(r)
	var out bytes.Buffer
	out.Grow(4 * len(blob))
	if _, err := out.ReadFrom(r); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// decompressors keeps DEFLATE readers for reuse, as compressors keeps
// writers: a game's log rows are read one after another.
var decompressors = make(chan io.ReadCloser, 4)

func decompressor(blob []byte) io.ReadCloser {
	select {
	case r := <-decompressors:
		if err := r.(flate.Resetter).Reset(bytes.NewReader(blob), nil); err == nil {
			return r
		}
	default:
	}
	return flate.NewReader(bytes.NewReader(blob))
}

func releaseDecompressor(r io.ReadCloser) {
	select {
	case decompressors <- r:
	default:
	}
}

// snapshot is a stored snapshot row.
type snapshot struct {
	seq    int64
	engine string
	blob   []byte
	// log holds the log entries added since the previous snapshot, for a
	// snapshot being written; nil when there are none.
	log *logRow
	// logged counts the log entries stored in game_log rows once this
	// snapshot is: where the next snapshot's row starts.
	logged int
}

func insertSnapshot(ctx context.Context, tx *sql.Tx, id int64, sn snapshot) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO snapshots (game, seq, engine, state) VALUES (?, ?, ?, ?)`,
		id, sn.seq, sn.engine, sn.blob)
	if err == nil && sn.log != nil {
		err = insertLogRow(ctx, tx, id, sn.log)
	}
	if err != nil {
		return fmt.Errorf("game %d: snapshot after decision %d: %w", id, sn.seq, err)
	}
	return nil
}

// takeSnapshot encodes g as the snapshot after decision seq, with the log
// entries after the first logged, which are stored already.
func takeSnapshot(g *engine.Game, seq int64, logged int) (snapshot, error) {
	sn := snapshot{seq: seq, engine: engine.Version, logged: logged}
	var err error
	if sn.blob, err = encodeSnapshot(g); err != nil {
		return sn, err
	}
	log := g.Log()
	if logged > len(log) {
		return sn, fmt.Errorf("snapshot after decision %d: %d log entries are stored but the game has %d", seq, logged, len(log))
	}
	if logged < len(log) {
		if sn.log, err = newLogRow(seq, logged+1, log[logged:]); err != nil {
			return sn, err
		}
		sn.logged = len(log)
	}
	return sn, nil
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

// restore loads a snapshot of game id under the current rules, with its
// log, and returns the number of log entries stored in game_log rows. A
// snapshot that does not load is ErrDiverged when other rules wrote it
// (the rules moved on), else ErrCorrupt (the row was damaged).
func (sn snapshot) restore(ctx context.Context, q querier, id int64) (g *engine.Game, logged int, err error) {
	g, rulesChanged, err := sn.state()
	if err != nil {
		sentinel := ErrCorrupt
		if rulesChanged {
			sentinel = ErrDiverged
		}
		return nil, 0, fmt.Errorf("game %d: %w: %v", id, sentinel, err)
	}
	if len(g.Log()) > 0 {
		return g, 0, nil // written with its log, before game_log
	}
	log, err := readLog(ctx, q, id, sn.seq)
	if err != nil {
		return nil, 0, err
	}
	if err := g.RestoreLog(log); err != nil {
		return nil, 0, fmt.Errorf("game %d: %w: the game log stored up to decision %d: %v", id, ErrCorrupt, sn.seq, err)
	}
	return g, len(log), nil
}

// state loads the snapshot's game, without any log kept apart.
func (sn snapshot) state() (g *engine.Game, rulesChanged bool, err error) {
	js, err := decodeSnapshot(sn.blob)
	if err != nil {
		return nil, false, fmt.Errorf("the snapshot after decision %d cannot be read: %v", sn.seq, err)
	}
	if g, err = engine.Load(js, nil); err != nil {
		return nil, sn.engine != engine.Version, fmt.Errorf("the snapshot after decision %d (written by engine %s) does not load: %v", sn.seq, sn.engine, err)
	}
	return g, false, nil
}

// matches reports whether g is the game the snapshot saved, leaving out
// the log (checked against its own rows) unless the snapshot holds it. A
// snapshot written by these rules must be what g saves, byte for byte (the
// engine is deterministic), which is quick to check; one written by other
// rules is loaded under these first, so a version bump that changes no
// outcome still matches.
func (sn snapshot) matches(g *engine.Game) (same, rulesChanged bool, err error) {
	if sn.engine == engine.Version {
		js, err := decodeSnapshot(sn.blob)
		if err != nil {
			return false, false, fmt.Errorf("the snapshot after decision %d cannot be read: %v", sn.seq, err)
		}
		want, err := g.MarshalState()
		if err != nil || bytes.Equal(js, want) {
			return err == nil, false, err
		}
		// Written with its log, before game_log.
		want, err = g.MarshalJSON()
		return bytes.Equal(js, want), false, err
	}
	stored, rulesChanged, err := sn.state()
	if err != nil {
		return false, rulesChanged, err
	}
	save := (*engine.Game).MarshalState
	if len(stored.Log()) > 0 {
		save = (*engine.Game).MarshalJSON
	}
	got, err := save(stored)
	if err != nil {
		return false, false, err
	}
	want, err := save(g)
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
