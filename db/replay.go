package db

import (
	"context"
	"fmt"
	"math"

	"github.com/chinaswar/chinaswar/engine"
)

// Report is the outcome of replaying a game's log from its seed under the
// current rules and comparing the result with every stored snapshot.
type Report struct {
	Game      int64
	Decisions int64 // in the log
	Replayed  int64 // decisions replayed before the problem, if any
	Checked   int   // snapshots that matched
	// Seq is the decision that fails to replay, or after which the state
	// differs from its snapshot; 0 when the game replays identically.
	Seq     int64
	Problem string // "" when the game replays identically
	Corrupt bool   // the problem is unreadable stored data
}

// Identical reports whether the game replays to what was stored.
func (r Report) Identical() bool { return r.Problem == "" }

func (r Report) String() string {
	if r.Identical() {
		return fmt.Sprintf("game %d replays identically (engine %s): %d decisions, snapshots matched: %d", r.Game, engine.Version, r.Decisions, r.Checked)
	}
	return fmt.Sprintf("game %d does not replay (engine %s): %s", r.Game, engine.Version, r.Problem)
}

// err is the report as an error, nil when the game replays identically.
func (r Report) err() error {
	switch {
	case r.Identical():
		return nil
	case r.Corrupt:
		return fmt.Errorf("game %d: %w: %s", r.Game, ErrCorrupt, r.Problem)
	}
	return fmt.Errorf("game %d: %w: %s", r.Game, ErrDiverged, r.Problem)
}

// Replay replays game id from its seed under the current rules and reports
// the first decision where it fails or diverges from what was stored. It
// changes nothing, whatever it finds. The error is for failing to read.
func (s *Store) Replay(ctx context.Context, id int64) (Report, error) {
	tx, err := s.r.BeginTx(ctx, nil)
	if err != nil {
		return Report{}, fmt.Errorf("game %d: %w", id, err)
	}
	defer tx.Rollback()
	info, err := readInfo(ctx, tx, id)
	if err != nil {
		return Report{}, err
	}
	_, rep, err := replayFromSeed(ctx, tx, info)
	return rep, err
}

// replayFromSeed replays the log of info from the seed, comparing the game
// with each stored snapshot and its log with each game_log row. It returns
// the game as an entry to keep, and the report; the entry is nil unless the
// report is identical.
func replayFromSeed(ctx context.Context, q querier, info Info) (*entry, Report, error) {
	rep := Report{Game: info.ID, Decisions: info.Seq}
	unreadable := func(err error) (*entry, Report, error) {
		if !isBroken(err) {
			return nil, rep, err
		}
		rep.Problem, rep.Corrupt = err.Error(), true
		return nil, rep, nil
	}
	recs, err := readRecords(ctx, q, info.ID, 0)
	if err != nil {
		return unreadable(err)
	}
	sns, err := readSnapshots(ctx, q, info.ID, false)
	if err != nil {
		return nil, rep, err
	}
	logs, err := readLogRows(ctx, q, info.ID, math.MaxInt64)
	if err != nil {
		return unreadable(err)
	}
	g, err := newGame(info)
	if err != nil {
		rep.Problem = "setting the game up from its seed fails: " + err.Error()
		return nil, rep, nil
	}
	e := &entry{g: g, seq: info.Seq}
	next, nextLog := 0, 0 // the next snapshot and game_log row to check
	matched := int64(0)   // the last decision whose snapshot or log matched
	check := func(seq int64) bool {
		for ; nextLog < len(logs) && logs[nextLog].seq == seq; nextLog++ {
			if !logs[nextLog].matches(g) {
				rep.Seq = seq
				rep.Problem = fmt.Sprintf("the game log after decision %d differs from the one stored then: the rules changed the outcome of decisions %d to %d, or a stored row was edited", seq, matched+1, seq)
				return false
			}
			e.logged, matched = logs[nextLog].next()-1, seq
		}
		for ; next < len(sns) && sns[next].seq == seq; next++ {
			sn := sns[next]
			same, rulesChanged, err := sn.matches(g)
			switch {
			case err != nil:
				rep.Seq, rep.Problem, rep.Corrupt = seq, err.Error(), !rulesChanged
				return false
			case !same:
				rep.Seq = seq
				rep.Problem = fmt.Sprintf("the state after decision %d differs from the snapshot stored then (written by engine %s): the rules changed the outcome of decisions %d to %d, or a stored row was edited", seq, sn.engine, matched+1, seq)
				return false
			}
			matched, e.snap = seq, seq
			rep.Checked++
		}
		return true
	}
	if !check(0) {
		return nil, rep, nil
	}
	for _, r := range recs {
		if err := r.applyTo(g); err != nil {
			rep.Seq, rep.Problem = r.Seq, fmt.Sprintf("%s does not replay: %v", &r, err)
			return nil, rep, nil
		}
		rep.Replayed = r.Seq
		if !check(r.Seq) {
			return nil, rep, nil
		}
	}
	if next < len(sns) {
		rep.Seq, rep.Corrupt = sns[next].seq, true
		rep.Problem = fmt.Sprintf("a snapshot is stored after decision %d but the log ends at decision %d", sns[next].seq, rep.Replayed)
		return nil, rep, nil
	}
	if nextLog < len(logs) {
		rep.Seq, rep.Corrupt = logs[nextLog].seq, true
		rep.Problem = fmt.Sprintf("a game log row is stored after decision %d but the log ends at decision %d", logs[nextLog].seq, rep.Replayed)
		return nil, rep, nil
	}
	return e, rep, nil
}
