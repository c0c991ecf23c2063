package db

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

// exportFormat names the export document's layout; a change to it is a new
// number, and Import refuses formats it does not know.
const exportFormat = "chinaswar-export/1"

// exportHead is everything in an export but the decisions and the final
// state.
type exportHead struct {
	Format   string    `json:"format"`
	Engine   string    `json:"engine"` // the rules version that exported it
	Scenario string    `json:"scenario"`
	Options  string    `json:"options"`
	Seed     uint64    `json:"seed,string"` // a string: JSON readers lose integers above 2^53
	Deck     string    `json:"deck"`
	Status   Status    `json:"status"`
	Created  time.Time `json:"created"`
	Updated  time.Time `json:"updated"`
	Seats    []seatDoc `json:"seats"`
}

type seatDoc struct {
	Faction engine.Faction `json:"faction"`
	Seat
}

// exportDoc is a whole game as one JSON document: to move, archive or share
// it, or to keep it as a regression fixture.
type exportDoc struct {
	exportHead
	Decisions []record `json:"decisions"`
	// Final is the engine's save after the last decision, absent when the
	// game does not load under the exporting rules. Import checks that its
	// replay reproduces it, which catches a rules change even where every
	// recorded choice is still legal.
	Final json.RawMessage `json:"final,omitempty"`
}

// encode writes one decision per line, so a diff of two exports (say, a
// regenerated fixture) shows which decisions changed.
func (d *exportDoc) encode() ([]byte, error) {
	head, err := json.MarshalIndent(d.exportHead, "", "  ")
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Write(bytes.TrimSuffix(head, []byte("\n}")))
	b.WriteString(",\n  \"decisions\": [")
	for i, r := range d.Decisions {
		line, err := json.Marshal(r)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    ")
		b.Write(line)
	}
	b.WriteString("\n  ]")
	if d.Final != nil {
		b.WriteString(",\n  \"final\": ")
		b.Write(d.Final)
	}
	b.WriteString("\n}\n")
	return b.Bytes(), nil
}

// Export writes game id as one JSON document with every decision. A game
// that no longer replays is exported without its final state, so that it
// can still be archived or turned into a bug report.
func (s *Store) Export(ctx context.Context, id int64) ([]byte, error) {
	tx, err := s.r.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("export game %d: %w", id, err)
	}
	defer tx.Rollback()
	info, err := readInfo(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	seats, err := readSeats(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	d := exportDoc{exportHead: exportHead{Format: exportFormat, Engine: engine.Version, Scenario: info.Scenario,
		Options: info.Options, Seed: info.Seed, Deck: info.Deck, Status: info.Status, Created: info.Created,
		Updated: info.Updated, Seats: []seatDoc{}}}
	for f, seat := range seats {
		d.Seats = append(d.Seats, seatDoc{Faction: f, Seat: seat})
	}
	sort.Slice(d.Seats, func(i, j int) bool { return d.Seats[i].Faction < d.Seats[j].Faction })
	if d.Decisions, err = readRecords(ctx, tx, id, 0); err != nil {
		return nil, err
	}
	e, err := s.loadEngine(ctx, tx, info)
	switch {
	case err == nil:
		if d.Final, err = e.g.MarshalJSON(); err != nil {
			return nil, fmt.Errorf("export game %d: %w", id, err)
		}
	case !isBroken(err):
		return nil, err
	}
	return d.encode()
}

// Import stores a game exported by Export as a new game in place. Every
// decision is replayed through the engine, and the result must match the
// document's final state: a document that does not replay is ErrDiverged
// and stores nothing. The game gets the document's status unless it is
// over (finished) or was broken (active, since it now replays).
func (s *Store) Import(ctx context.Context, place string, data []byte) (int64, error) {
	var d exportDoc
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&d); err != nil {
		return 0, fmt.Errorf("import: %w", err)
	}
	if d.Format != exportFormat {
		return 0, fmt.Errorf("import: format %q, want %q", d.Format, exportFormat)
	}
	opts, err := engine.ParseOptions(d.Options)
	if err != nil {
		return 0, fmt.Errorf("import: %w", err)
	}
	t := now()
	info := Info{Place: place, Scenario: d.Scenario, Options: opts.String(), Seed: d.Seed, Deck: d.Deck,
		Engine: engine.Version, Status: d.Status, Created: d.Created, Updated: d.Updated}
	if info.Created.IsZero() {
		info.Created, info.Updated = t, t
	}
	g, sns, logs, err := replayDoc(&d, info)
	if err != nil {
		return 0, fmt.Errorf("import: %w", err)
	}
	switch {
	case g.Over():
		info.Status = Finished
	case info.Status != Abandoned:
		info.Status = Active
	}
	seats := map[engine.Faction]Seat{}
	for _, sd := range d.Seats {
		seats[sd.Faction] = sd.Seat
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("import: %w", err)
	}
	defer tx.Rollback()
	if err := insertGame(ctx, tx, &info, seats); err != nil {
		return 0, fmt.Errorf("import: %w", err)
	}
	for i := range d.Decisions {
		if err := insertRecord(ctx, tx, info.ID, &d.Decisions[i]); err != nil {
			return 0, fmt.Errorf("import: %w", err)
		}
	}
	for _, sn := range sns {
		if err := insertSnapshot(ctx, tx, info.ID, sn); err != nil {
			return 0, fmt.Errorf("import: %w", err)
		}
	}
	for _, r := range logs {
		if err := insertLogRow(ctx, tx, info.ID, r); err != nil {
			return 0, fmt.Errorf("import: %w", err)
		}
	}
	if info.Status == Active {
		if err := writeWaiting(ctx, tx, info.ID, int64(len(d.Decisions)), g, s.waitingSince()); err != nil {
			return 0, fmt.Errorf("import: %w", err)
		}
	}
	e := &entry{g: g, seq: int64(len(d.Decisions))}
	if len(sns) > 0 {
		e.snap, e.logged = sns[len(sns)-1].seq, sns[len(sns)-1].logged
	}
	s.keep(info.ID, e)
	if err := tx.Commit(); err != nil {
		s.unverify(info.ID)
		return 0, fmt.Errorf("import: %w", err)
	}
	return info.ID, nil
}

// replayDoc replays an export's decisions from its seed, keeping the
// snapshots a game played live would have kept, and the game log rows
// written with every snapshot taken (the snapshots carry none).
func replayDoc(d *exportDoc, info Info) (*engine.Game, []snapshot, []*logRow, error) {
	g, err := newGame(info)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%w: setting the game up fails: %v", ErrDiverged, err)
	}
	var sns []snapshot
	var logs []*logRow
	last, logged := int64(0), 0
	for i := range d.Decisions {
		r := &d.Decisions[i]
		if r.Seq != int64(i+1) {
			return nil, nil, nil, fmt.Errorf("decision %d is numbered %d", i+1, r.Seq)
		}
		if err := r.applyTo(g); err != nil {
			return nil, nil, nil, fmt.Errorf("%w: %s does not replay under engine %s (exported by engine %s): %v", ErrDiverged, r, engine.Version, d.Engine, err)
		}
		if snapshotDue(r.Seq, last, g.Over()) {
			if n := len(sns); n > 0 && !checkpoint(sns[n-1].seq) {
				sns = sns[:n-1]
			}
			sn, err := takeSnapshot(g, r.Seq, logged)
			if err != nil {
				return nil, nil, nil, err
			}
			if sn.log != nil {
				logs, sn.log = append(logs, sn.log), nil
			}
			sns, last, logged = append(sns, sn), r.Seq, sn.logged
		}
	}
	if d.Final != nil {
		final, err := engine.Load(d.Final, nil)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("%w: the final state exported by engine %s does not load under engine %s: %v", ErrDiverged, d.Engine, engine.Version, err)
		}
		same, err := sameGame(g, final)
		if err != nil {
			return nil, nil, nil, err
		}
		if !same {
			return nil, nil, nil, fmt.Errorf("%w: replaying the decisions under engine %s does not reproduce the final state exported by engine %s", ErrDiverged, engine.Version, d.Engine)
		}
	}
	return g, sns, logs, nil
}
