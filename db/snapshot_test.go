package db

import (
	"bytes"
	"database/sql"
	"slices"
	"testing"
)

// Snapshots hold the state without the log, so they do not grow through a
// game; the game_log rows written with them hold the whole log, once, in
// order; and a game loaded from them is the game played.
func TestSnapshotsWithoutLog(t *testing.T) {
	s, path := openTemp(t)
	id := create(t, s, "here", "1938", 31)
	p := newPlayer(t, s, id, 31, true)
	n := p.play(t, -1)
	db := rawDB(t, path)
	var sizes []int
	for _, seq := range snapshotSeqs(t, db, id) {
		js := storedSnapshot(t, db, id, seq)
		if bytes.Contains(js, []byte(`"log"`)) {
			t.Fatalf("the snapshot after decision %d holds the log", seq)
		}
		sizes = append(sizes, len(js))
	}
	if first, last := sizes[0], sizes[len(sizes)-1]; last > 2*first {
		t.Errorf("snapshots grow with the game: %d bytes after the first, %d at the end", first, last)
	}
	log, err := readLog(ctx, db, id, int64(n))
	if err != nil {
		t.Fatal(err)
	}
	if want := p.g.Log(); !slices.Equal(log, want) {
		t.Fatalf("the game_log rows hold %d entries, not the game's %d", len(log), len(want))
	}
	rows := count(t, db, `SELECT COUNT(*) FROM game_log WHERE game = ?`, id)
	t.Logf("%d decisions, %d log entries in %d rows, snapshots of %v bytes", n, len(log), rows, sizes)

	// From its latest snapshot and rows, as a verified game is loaded.
	s.forget(id)
	if g := load(t, s, id); saved(t, g.Engine) != saved(t, p.g) {
		t.Fatal("the game loaded from its snapshot differs from the game played")
	}
	if rep, err := s.Replay(ctx, id); err != nil || !rep.Identical() {
		t.Fatalf("Replay = %v, %v", rep, err)
	}
}

// Snapshots written before the game log had rows of its own hold the whole
// save, log included. Such a game replays, loads from them, and goes on:
// its next snapshot stores the whole log so far in a game_log row.
func TestSnapshotsWithTheirLog(t *testing.T) {
	s, path := openTemp(t)
	id := create(t, s, "here", "1937", 41)
	p := newPlayer(t, s, id, 41, true)
	p.play(t, 320)
	s.Close()
	db := rawDB(t, path)
	info, err := readInfo(ctx, db, id)
	if err != nil {
		t.Fatal(err)
	}
	// Rewrite the snapshots as the store used to write them: the engine's
	// whole save, DEFLATE-compressed. The game log rows go.
	recs, err := readRecords(ctx, db, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	g, err := newGame(info)
	if err != nil {
		t.Fatal(err)
	}
	seqs := snapshotSeqs(t, db, id)
	for _, r := range recs {
		if err := r.applyTo(g); err != nil {
			t.Fatal(err)
		}
		for _, seq := range seqs {
			if seq == r.Seq {
				js, err := g.MarshalJSON()
				if err != nil {
					t.Fatal(err)
				}
				exec1(t, db, `UPDATE snapshots SET state = ? WHERE game = ? AND seq = ?`, compress(t, string(js)), id, seq)
			}
		}
	}
	exec1(t, db, `DELETE FROM game_log`)
	if len(seqs) != 2 || !bytes.Contains(storedSnapshot(t, db, id, seqs[1]), []byte(`"log":[{`)) {
		t.Fatalf("snapshots after %v, want two holding the log", seqs)
	}

	s = open(t, path)
	if rep, err := s.Replay(ctx, id); err != nil || !rep.Identical() || rep.Checked != 2 {
		t.Fatalf("Replay = %v, %v; want identical, both snapshots checked", rep, err)
	}
	load(t, s, id) // replayed from its seed
	p.s = s
	s.forget(id)
	if g := load(t, s, id); saved(t, g.Engine) != saved(t, p.g) {
		t.Fatal("the game loaded from a snapshot holding its log differs from the game played")
	}
	p.play(t, 40) // past the next snapshot, which drops the one at 300
	if got := snapshotSeqs(t, db, id); len(got) != 2 || got[1] != 350 {
		t.Fatalf("snapshots after %v, want 250 and 350", got)
	}
	var first int
	if err := db.QueryRow(`SELECT first FROM game_log WHERE game = ? AND seq = 350`, id).Scan(&first); err != nil || first != 1 {
		t.Fatalf("the game log row of the first new snapshot starts at %d (%v), want 1", first, err)
	}
	s.forget(id)
	if g := load(t, s, id); saved(t, g.Engine) != saved(t, p.g) {
		t.Fatal("the game loaded from the new snapshot differs from the game played")
	}
	if rep, err := open(t, path).Replay(ctx, id); err != nil || !rep.Identical() || rep.Checked != 2 {
		t.Fatalf("Replay = %v, %v; want identical, both snapshots checked", rep, err)
	}
}

func storedSnapshot(t *testing.T, db *sql.DB, id, seq int64) []byte {
	t.Helper()
	var blob []byte
	if err := db.QueryRow(`SELECT state FROM snapshots WHERE game = ? AND seq = ?`, id, seq).Scan(&blob); err != nil {
		t.Fatal(err)
	}
	js, err := decodeSnapshot(blob)
	if err != nil {
		t.Fatal(err)
	}
	return js
}
