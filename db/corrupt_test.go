package db

import (
	"bytes"
	"database/sql"
	"errors"
	"regexp"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

// A damaged or edited row, or a log that no longer replays, stops that game
// with a clear error and keeps its rows; the other games play on.
func TestTamperedGame(t *testing.T) {
	cases := []struct {
		name   string
		tamper func(t *testing.T, db *sql.DB, id int64)
		want   error
		seq    int64 // where Replay must place the problem
	}{
		{"snapshot unreadable", func(t *testing.T, db *sql.DB, id int64) {
			exec1(t, db, `UPDATE snapshots SET state = ? WHERE game = ? AND seq = 250`, []byte{0x0b, 0xad, 0xc0, 0xde}, id)
		}, ErrCorrupt, 250},
		{"snapshot JSON edited", func(t *testing.T, db *sql.DB, id int64) {
			editSnapshot(t, db, id, 250, func(js []byte) []byte {
				return regexp.MustCompile(`"rng":\d+`).ReplaceAll(js, []byte(`"rng":12345`))
			})
		}, ErrDiverged, 250},
		{"snapshot of another moment", func(t *testing.T, db *sql.DB, id int64) {
			exec1(t, db, `UPDATE snapshots SET state = (SELECT state FROM snapshots WHERE game = ?1 AND seq = 300) WHERE game = ?1 AND seq = 250`, id)
		}, ErrDiverged, 250},
		{"game log edited", func(t *testing.T, db *sql.DB, id int64) {
			editLogRow(t, db, id, 100)
		}, ErrDiverged, 100},
		{"game log row missing", func(t *testing.T, db *sql.DB, id int64) {
			exec1(t, db, `DELETE FROM game_log WHERE game = ? AND seq = 100`, id)
		}, ErrCorrupt, -1},
		{"choice made illegal", func(t *testing.T, db *sql.DB, id int64) {
			editDecision(t, db, id, 20, "space:Atlantis")
		}, ErrDiverged, 20},
		{"choice changed to another legal one", func(t *testing.T, db *sql.DB, id int64) {
			seq, other := otherLegalChoice(t, db, id)
			editDecision(t, db, id, seq, other)
		}, ErrDiverged, -1},
		{"choice after the last snapshot", func(t *testing.T, db *sql.DB, id int64) {
			editDecision(t, db, id, 305, "space:Atlantis")
		}, ErrDiverged, 305},
		{"seed changed", func(t *testing.T, db *sql.DB, id int64) {
			exec1(t, db, `UPDATE games SET seed = seed + 1 WHERE id = ?`, id)
		}, ErrDiverged, -1},
		{"deck changed", func(t *testing.T, db *sql.DB, id int64) {
			exec1(t, db, `UPDATE games SET deck = 'sha256:0000' WHERE id = ?`, id)
		}, ErrDiverged, 0},
	}
	// Three games: the victim, one in play and one finished. Each case
	// tampers with a copy of the database.
	s, clean := openTemp(t)
	victim := create(t, s, "victim", "1937", 21)
	newPlayer(t, s, victim, 21, false).play(t, 310)
	other := create(t, s, "other", "1938", 22)
	newPlayer(t, s, other, 22, true).play(t, 60)
	done := create(t, s, "done", "1937", 23)
	newPlayer(t, s, done, 23, true).play(t, -1)
	s.Close() // which checkpoints the WAL into the file
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := copyDB(t, clean)
			db := rawDB(t, path)
			if pgServer != nil {
				exec1(t, db, `DROP TRIGGER decisions_no_update ON decisions`)
			} else {
				exec1(t, db, `DROP TRIGGER decisions_no_update`)
			}
			tc.tamper(t, db, victim)
			rows := func() int64 {
				return count(t, db, `SELECT (SELECT COUNT(*) FROM decisions) * 1000 + (SELECT COUNT(*) FROM snapshots)`)
			}
			before := rows()

			s := open(t, path) // a restart: every game is replayed from its seed at first load
			_, err := s.Apply(ctx, victim, Decision{ExpectSeq: 310, Faction: engine.JPN, Choice: "pass"})
			if !errors.Is(err, tc.want) {
				t.Fatalf("Apply: %v, want %v", err, tc.want)
			}
			t.Log(err)
			if _, err := s.Load(ctx, victim); !errors.Is(err, tc.want) {
				t.Fatalf("Load: %v, want %v", err, tc.want)
			}
			list, _ := s.List(ctx, "victim")
			if len(list) != 1 || list[0].Status != Broken || list[0].Problem == "" {
				t.Fatalf("victim is %+v, want broken with its problem", list)
			}
			if _, err := s.Apply(ctx, victim, Decision{ExpectSeq: 310, Faction: engine.JPN, Choice: "pass"}); !errors.Is(err, ErrNotActive) {
				t.Fatalf("Apply to the broken game: %v, want ErrNotActive", err)
			}
			rep, err := s.Replay(ctx, victim)
			if err != nil || rep.Identical() || tc.seq >= 0 && rep.Seq != tc.seq {
				t.Fatalf("Replay = %v, %v; want the problem at decision %d", rep, err, tc.seq)
			}
			t.Log(rep)
			if doc, err := s.Export(ctx, victim); err != nil || bytes.Contains(doc, []byte(`"final"`)) {
				t.Fatalf("Export of the broken game: %v (it should export without a final state)", err)
			}
			if after := rows(); after != before {
				t.Fatalf("rows changed: %d -> %d", before, after)
			}

			// The other games are untouched.
			newPlayer(t, s, other, 22, true).play(t, 20)
			if g := load(t, s, done); g.Status != Finished {
				t.Fatalf("finished game: %+v", g.Info)
			}
			if rep, err := s.Replay(ctx, other); err != nil || !rep.Identical() {
				t.Fatalf("Replay of another game: %v, %v", rep, err)
			}
		})
	}
}

func editDecision(t *testing.T, db *sql.DB, id, seq int64, choice string) {
	t.Helper()
	exec1(t, db, `UPDATE decisions SET choice = ? WHERE game = ? AND seq = ?`, choice, id, seq)
}

func editSnapshot(t *testing.T, db *sql.DB, id, seq int64, edit func([]byte) []byte) {
	t.Helper()
	var blob []byte
	if err := db.QueryRow(`SELECT state FROM snapshots WHERE game = ? AND seq = ?`, id, seq).Scan(&blob); err != nil {
		t.Fatal(err)
	}
	js, err := decodeSnapshot(blob)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.Load(edit(js), nil)
	if err != nil {
		t.Fatalf("the edited snapshot does not load, so it tests nothing: %v", err)
	}
	if blob, err = encodeSnapshot(g); err != nil {
		t.Fatal(err)
	}
	exec1(t, db, `UPDATE snapshots SET state = ? WHERE game = ? AND seq = ?`, blob, id, seq)
}

// editLogRow changes the text of the first entry of game id's game_log row
// of decision seq.
func editLogRow(t *testing.T, db *sql.DB, id, seq int64) {
	t.Helper()
	rows, err := readLogRows(ctx, db, id, seq)
	if err != nil || len(rows) == 0 || rows[len(rows)-1].seq != seq {
		t.Fatalf("no game log row at decision %d: %v", seq, err)
	}
	r := rows[len(rows)-1]
	r.entries[0].Text += " (edited)"
	edited, err := newLogRow(seq, r.first, r.entries)
	if err != nil {
		t.Fatal(err)
	}
	exec1(t, db, `UPDATE game_log SET entries = ? WHERE game = ? AND seq = ?`, edited.blob, id, seq)
}

// otherLegalChoice finds an early decision of game id that had another
// legal choice, and returns it.
func otherLegalChoice(t *testing.T, db *sql.DB, id int64) (int64, string) {
	t.Helper()
	info, err := readInfo(ctx, db, id)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := readRecords(ctx, db, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	g, err := newGame(info)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		for _, c := range g.Prompt().Choices {
			if c.ID != r.Choice {
				return r.Seq, c.ID
			}
		}
		if err := r.applyTo(g); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no decision had a choice")
	return 0, ""
}

// Snapshots written by other rules versions compare by content, so a version
// bump that changes no outcome breaks no game; one the current rules cannot
// load is a rules change (ErrDiverged), not corruption.
func TestSnapshotsOfOtherVersions(t *testing.T) {
	s, path := openTemp(t)
	id := create(t, s, "here", "1937", 71)
	newPlayer(t, s, id, 71, true).play(t, 310)
	s.Close()
	db := rawDB(t, path)
	seqs := snapshotSeqs(t, db, id)
	version := regexp.MustCompile(`"engine":"[^"]*"`)
	for _, seq := range seqs {
		editSnapshot(t, db, id, seq, func(js []byte) []byte { return version.ReplaceAll(js, []byte(`"engine":"0.0.1"`)) })
	}
	exec1(t, db, `UPDATE snapshots SET engine = '0.0.1'`)
	if rep, err := open(t, path).Replay(ctx, id); err != nil || !rep.Identical() || rep.Checked != len(seqs) {
		t.Fatalf("Replay = %v, %v; want identical, %d snapshots checked", rep, err, len(seqs))
	}

	exec1(t, db, `UPDATE snapshots SET state = ? WHERE game = ? AND seq = ?`, compress(t, `{"format":"chinaswar-game/0"}`), id, seqs[0])
	s = open(t, path)
	if _, err := s.Load(ctx, id); !errors.Is(err, ErrDiverged) {
		t.Fatalf("Load = %v, want ErrDiverged", err)
	}
}

func compress(t *testing.T, js string) []byte {
	t.Helper()
	var b bytes.Buffer
	w := compressor()
	defer releaseCompressor(w)
	w.Reset(&b)
	w.Write([]byte(js))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
