package db

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

var update = flag.Bool("update", false, "regenerate the game fixtures in testdata under the current rules")

// Export then import reproduces the game byte for byte, and the imported
// game exports to the same document and plays on.
func TestExportImport(t *testing.T) {
	cases := []struct {
		name, scenario, options string
		seed                    uint64
		decisions               int // -1: the whole game
	}{
		{"whole game", "1937", "", 31, -1},
		{"midgame with options", "1938", "elig-a,elig-b,teams=NAT+WLD", 32, 40},
		{"no decision yet", "1937", "no-reveal", 33, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if testing.Short() && tc.decisions < 0 {
				t.Skip("plays a whole game (-short)")
			}
			src, srcPath := openTemp(t)
			opts, err := engine.ParseOptions(tc.options)
			if err != nil {
				t.Fatal(err)
			}
			seats := map[engine.Faction]Seat{engine.NAT: {Player: "42", Name: "Chiang"}}
			id, err := src.Create(ctx, "here", engine.Config{Scenario: tc.scenario, Seed: tc.seed, Options: opts}, seats)
			if err != nil {
				t.Fatal(err)
			}
			p := newPlayer(t, src, id, tc.seed, true)
			p.play(t, tc.decisions)
			doc, err := src.Export(ctx, id)
			if err != nil {
				t.Fatal(err)
			}

			dst, dstPath := openTemp(t)
			nid, err := dst.Import(ctx, "there", doc)
			if err != nil {
				t.Fatal(err)
			}
			// A fresh store, so the imported game is read back from disk.
			g := load(t, open(t, dstPath), nid)
			if saved(t, g.Engine) != saved(t, p.g) {
				t.Fatal("the imported game differs from the exported one")
			}
			if g.Place != "there" || g.Seats[engine.NAT] != seats[engine.NAT] || g.Seq != p.seq {
				t.Fatalf("imported %+v", g)
			}
			if a, b := snapshotSeqs(t, rawDB(t, srcPath), id), snapshotSeqs(t, rawDB(t, dstPath), nid); fmt.Sprint(a) != fmt.Sprint(b) {
				t.Fatalf("snapshots after decisions %v played, %v imported", a, b)
			}
			again, err := dst.Export(ctx, nid)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(again, doc) {
				t.Fatal("the imported game exports differently")
			}
			if _, err := src.Import(ctx, "here", doc); tc.decisions >= 0 && !errors.Is(err, ErrPlaceTaken) {
				t.Fatalf("importing an active game into a busy place: %v, want ErrPlaceTaken", err)
			}
			p.s, p.id = dst, nid
			p.play(t, 5)
		})
	}
}

// An import that does not replay, or is malformed, stores nothing.
func TestImportRefuses(t *testing.T) {
	src, _ := openTemp(t)
	id := create(t, src, "here", "1937", 41)
	newPlayer(t, src, id, 41, false).play(t, 30)
	doc, err := src.Export(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	edit := func(change func(d *exportDoc)) []byte {
		var d exportDoc
		if err := json.Unmarshal(doc, &d); err != nil {
			t.Fatal(err)
		}
		change(&d)
		b, err := d.encode()
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	cases := []struct {
		name string
		doc  []byte
		want error
	}{
		{"not JSON", []byte("{"), nil},
		{"unknown field", bytes.Replace(doc, []byte(`"seed"`), []byte(`"sead"`), 1), nil},
		{"unknown format", edit(func(d *exportDoc) { d.Format = "chinaswar-export/99" }), nil},
		{"illegal decision", edit(func(d *exportDoc) { d.Decisions[9].Choice = "space:Atlantis" }), ErrDiverged},
		{"missing decision", edit(func(d *exportDoc) { d.Decisions = append(d.Decisions[:5], d.Decisions[6:]...) }), nil},
		{"other seed", edit(func(d *exportDoc) { d.Seed++ }), ErrDiverged},
		{"other deck", edit(func(d *exportDoc) { d.Deck = "sha256:0000" }), ErrDiverged},
		{"final state edited", edit(func(d *exportDoc) {
			d.Final = regexp.MustCompile(`"rng":\d+`).ReplaceAll(d.Final, []byte(`"rng":12345`))
		}), ErrDiverged},
		{"decisions cut short", edit(func(d *exportDoc) { d.Decisions = d.Decisions[:20] }), ErrDiverged},
	}
	dst, path := openTemp(t)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := dst.Import(ctx, "there", tc.doc)
			if err == nil || tc.want != nil && !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			t.Log(err)
		})
	}
	if n := count(t, rawDB(t, path), `SELECT (SELECT COUNT(*) FROM games) + (SELECT COUNT(*) FROM decisions)`); n != 0 {
		t.Fatalf("refused imports stored %d rows", n)
	}
}

// The fixtures are exported random games. Replaying them checks that the
// rules still play recorded games as they were played: when the rules
// change on purpose, they must be regenerated with -update, deliberately.
var fixtures = []struct {
	file, scenario, options string
	seed                    uint64
	extras                  bool // undos and transfers
}{
	{"game-1937.json", "1937", "", 1, false},
	{"game-1938-extras.json", "1938", "elig-a,elig-b,sudden-discard,teams=JPN+CPC", 2, true},
}

func TestFixtures(t *testing.T) {
	for _, fx := range fixtures {
		t.Run(fx.file, func(t *testing.T) {
			path := filepath.Join("testdata", fx.file)
			if *update {
				doc := fixtureGame(t, fx.scenario, fx.options, fx.seed, fx.extras)
				if err := os.WriteFile(path, doc, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			doc, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			tripwire := fmt.Sprintf("\n\nThis is the intended tripwire: stored games of real players would fail the same way. "+
				"If the rules changed on purpose, regenerate the fixtures and review the diff:\n\tgo test ./db/ -run TestFixtures -update\n"+
				"and check the stored games with `chinaswar replay` before deploying (engine %s).", engine.Version)
			s, _ := openTemp(t)
			id, err := s.Import(ctx, "fixture", doc)
			if err != nil {
				t.Fatalf("%s no longer replays under the current rules: %v%s", path, err, tripwire)
			}
			again, err := s.Export(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(again, doc) {
				t.Fatalf("%s replays but exports differently now%s", path, tripwire)
			}
			if g := load(t, s, id); !g.Engine.Over() || g.Status != Finished {
				t.Fatalf("%s is not a complete game%s", path, tripwire)
			}
		})
	}
}

// fixtureGame plays a complete random game and exports it. Times, players
// and keys are made up so that regenerating an unchanged fixture changes
// nothing.
func fixtureGame(t *testing.T, scenario, options string, seed uint64, extras bool) []byte {
	t.Helper()
	opts, err := engine.ParseOptions(options)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.New(engine.Config{Scenario: scenario, Seed: seed, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	d := exportDoc{exportHead: exportHead{Format: exportFormat, Engine: engine.Version, Scenario: scenario,
		Options: opts.String(), Seed: seed, Deck: g.Deck().ID, Created: start}}
	for _, f := range engine.Factions {
		d.Seats = append(d.Seats, seatDoc{Faction: f, Seat: Seat{Player: "player-" + f.String()}})
	}
	rng := rand.New(rand.NewPCG(seed, 9))
	for p := g.Prompt(); p != nil; p = g.Prompt() {
		r := record{Seq: int64(len(d.Decisions) + 1), Faction: p.Faction}
		var tr engine.Transfer
		r.Kind, r.Choice, tr = randomDecision(g, rng, extras)
		if r.Kind == kindTransfer {
			r.Faction, r.Choice = tr.From, tr.ID()
		}
		r.Player, r.At, r.Key = "player-"+r.Faction.String(), start.Add(time.Duration(r.Seq)*time.Minute), fmt.Sprint("key-", r.Seq)
		if err := r.applyTo(g); err != nil {
			t.Fatal(err)
		}
		d.Decisions = append(d.Decisions, r)
		d.Updated = r.At
	}
	doc, err := d.encode()
	if err != nil {
		t.Fatal(err)
	}
	// Through the store, which adds the final state and sets the status.
	s, _ := openTemp(t)
	id, err := s.Import(ctx, "fixture", doc)
	if err != nil {
		t.Fatal(err)
	}
	if doc, err = s.Export(ctx, id); err != nil {
		t.Fatal(err)
	}
	return doc
}
