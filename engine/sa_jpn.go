package engine

import (
	"fmt"
	"slices"
	"strings"
)

// Japanese Special Activities (4.2): Deploy, Transport and Anti-Bandit
// Action. This file also holds the helpers shared by the Special Activities
// of JPN, NAT and WLD (prefix sa).

// ---- Shared helpers --------------------------------------------------------

// saWhere reports whether a Special Activity may select space id as far as an
// Event's narrowing goes. Only a free Special Activity granted on its own
// (free_sa: no accompanying Operation, o.kind == "") is narrowed by o.where;
// an Operation's where narrows the Operation, not its Special Activity.
func saWhere(o *opCtx, id SpaceID) bool {
	return o.kind != "" || o.where == nil || o.where(id)
}

// saCap is a Special Activity's space cap n, narrowed by an Event's
// max_spaces for a free Special Activity granted on its own.
func saCap(o *opCtx, n int) int {
	if o.kind == "" && o.maxSpaces > 0 {
		return min(n, o.maxSpaces)
	}
	return n
}

// saSelected reports whether the Special Activity has selected space id.
func saSelected(o *opCtx, id SpaceID) bool { return slices.Contains(o.saSpaces, id) }

// saAny reports whether some space passes ok (and the Event's narrowing).
func saAny(r *run, o *opCtx, ok func(SpaceID) bool) bool {
	for i := range r.m.Spaces {
		id := SpaceID(i)
		if !saSelected(o, id) && saWhere(o, id) && ok(id) {
			return true
		}
	}
	return false
}

// saPick asks for the next space of a Special Activity among those ok
// accepts and records it in o.saSpaces. The faction chose to execute the
// Special Activity, so the first space must be selected ("done" is offered
// from the second on; can guarantees a first one exists). It returns -1 for
// done or once the cap is reached.
func saPick(r *run, o *opCtx, limit int, question text, ok func(SpaceID) bool) (SpaceID, error) {
	if len(o.saSpaces) >= saCap(o, limit) {
		return -1, nil
	}
	done := ""
	if len(o.saSpaces) > 0 {
		done = "done: select no more spaces"
	}
	r.openForTransfers = true
	id, err := r.askSpace(o.f, question, done, func(add func(SpaceID)) {
		for i := range r.m.Spaces {
			id := SpaceID(i)
			if !saSelected(o, id) && saWhere(o, id) && ok(id) {
				add(id)
			}
		}
	})
	if err != nil || id < 0 {
		return id, err
	}
	o.saSpaces = append(o.saSpaces, id)
	return id, nil
}

// saSpaceOf reads a "space:NAME" answer.
func saSpaceOf(r *run, ans string) (SpaceID, error) {
	id, ok := r.m.ID(strings.TrimPrefix(ans, "space:"))
	if !ok || !strings.HasPrefix(ans, "space:") {
		return 0, fmt.Errorf("engine: recorded answer %q names no space", ans)
	}
	return id, nil
}

// saPieceOf reads a "piece:KEY" answer (KEY as in the JSON form of Pieces).
func saPieceOf(ans string) (Piece, error) {
	k, ok := pieceByKey(strings.TrimPrefix(ans, "piece:"))
	if !ok || !strings.HasPrefix(ans, "piece:") {
		return 0, fmt.Errorf("engine: recorded answer %q names no piece", ans)
	}
	return k, nil
}

func saPieceID(k Piece) string { return "piece:" + pieceInfo[k].key }

// saLosePatronage lowers Patronage by n, never below 0 (1.8).
func (s *State) saLosePatronage(n int) { s.Patronage = max(0, s.Patronage-n) }

// saNames lists space names for the log. A search's runs keep no log
// (run.note), so for them it lists nothing.
func saNames(r *run, ids []SpaceID) string {
	if r.probing {
		return ""
	}
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = r.name(id)
	}
	return strings.Join(names, ", ")
}

// ---- 4.2.1 Deploy ----------------------------------------------------------

// deployMax is the total of JPN Troops Deploy may move (4.2.1).
const deployMax = 6

// deployProvince reports whether a space is a Coastal Province Deploy may
// select (1.3.2: Hebei, Wannan and Hunan are Coastal through a Town).
// Manchukuo is a Foreign Country, not a Province, and is not selectable
// (docs/rulings.md).
func deployProvince(r *run, o *opCtx, id SpaceID) bool {
	sp := &r.m.Spaces[id]
	return sp.IsProvince() && sp.Coastal && saWhere(o, id)
}

// deployRoom is how many more Provinces Deploy may select.
func deployRoom(o *opCtx) int { return saCap(o, 3) - len(o.saSpaces) }

// deployUsable reports whether a Province is, or may still become, one of
// Deploy's selected Provinces.
func deployUsable(r *run, o *opCtx, id SpaceID, room int) bool {
	return deployProvince(r, o, id) && (saSelected(o, id) || room > 0)
}

// deployInto reports whether Troops may be deployed into a Province: usable
// and not Flooded (deck.md §6 a).
func deployInto(r *run, o *opCtx, id SpaceID, room int) bool {
	return deployUsable(r, o, id, room) && r.s.cubesMayEnter(r.m, JPN, id)
}

// deployFromBox reports whether Troops may come from the Available box:
// some are there and Northern Crisis is not in effect (deck.md §5).
func deployFromBox(r *run) bool {
	return r.s.Available[JPNTroop] > 0 && !r.s.HasModifier("northern_crisis")
}

// deployBoxHasDest reports whether Troops from the Available box have a
// Province to go to.
func deployBoxHasDest(r *run, o *opCtx, room int) bool {
	for i := range r.m.Spaces {
		if deployInto(r, o, SpaceID(i), room) {
			return true
		}
	}
	return false
}

func deployCan(r *run, o *opCtx) bool {
	room := deployRoom(o)
	for i := range r.m.Spaces {
		id := SpaceID(i)
		// Any Troops in a usable Province may go to the Available box.
		if deployUsable(r, o, id, room) && r.s.Spaces[i].Pieces[JPNTroop] > 0 {
			return true
		}
	}
	return deployFromBox(r) && deployBoxHasDest(r, o, room)
}

// deploy moves up to six JPN Troops among up to three Coastal Provinces and
// the Available box (4.2.1). A Province counts as selected once Troops move
// from or to it; each move is asked as origin, destination, number.
func deploy(r *run, o *opCtx) error {
	s := r.s
	moved := 0
	for moved < deployMax {
		from, err := r.ask(JPN, sayAsked(r, "Deploy (%d of %d Troops moved): move JPN Troops from where?", moved, deployMax), func(c *choiceList) {
			room := deployRoom(o)
			if deployFromBox(r) && deployBoxHasDest(r, o, room) {
				c.addSay("box:available", "the Available box (%d Troops)", s.Available[JPNTroop])
			}
			for i := range r.m.Spaces {
				id := SpaceID(i)
				if n := s.Spaces[i].Pieces[JPNTroop]; n > 0 && deployUsable(r, o, id, room) {
					c.addSay(r.m.choice(id), "%s (%d Troops)", r.name(id), n)
				}
			}
			if moved > 0 {
				c.add("done", "done deploying")
			}
		})
		if err != nil {
			return err
		}
		if from == "done" {
			break
		}
		origin := SpaceID(-1)
		have := s.Available.N(JPNTroop)
		if from != "box:available" {
			if origin, err = saSpaceOf(r, from); err != nil {
				return err
			}
			if !saSelected(o, origin) {
				o.saSpaces = append(o.saSpaces, origin)
			}
			have = s.Spaces[origin].Pieces.N(JPNTroop)
		}
		to, err := r.ask(JPN, sayAsked(r, "Deploy: move JPN Troops from %s to where?", deployBoxName(r, origin)), func(c *choiceList) {
			room := deployRoom(o)
			if origin >= 0 {
				c.add("box:available", "the Available box")
			}
			for i := range r.m.Spaces {
				id := SpaceID(i)
				if id != origin && deployInto(r, o, id, room) {
					c.add(r.m.choice(id), r.name(id))
				}
			}
		})
		if err != nil {
			return err
		}
		dest := SpaceID(-1)
		if to != "box:available" {
			if dest, err = saSpaceOf(r, to); err != nil {
				return err
			}
			if !saSelected(o, dest) {
				o.saSpaces = append(o.saSpaces, dest)
			}
		}
		n, err := r.askCount(JPN, sayAsked(r, "Deploy: how many JPN Troops from %s to %s?", deployBoxName(r, origin), deployBoxName(r, dest)), 1, min(deployMax-moved, have))
		if err != nil {
			return err
		}
		switch {
		case origin < 0:
			s.place(dest, JPNTroop, n)
		case dest < 0:
			s.removeTo(origin, JPNTroop, n, &s.Available)
		default:
			s.relocate(origin, dest, JPNTroop, n)
		}
		moved += n
		r.note(JPN, "Deploy: moved %d JPN Troops from %s to %s.", n, deployBoxName(r, origin), deployBoxName(r, dest))
	}
	return nil
}

// deployBoxName names a Deploy origin or destination (-1: the Available box).
func deployBoxName(r *run, id SpaceID) string {
	if id < 0 {
		return "the Available box"
	}
	return r.name(id)
}

// ---- 4.2.2 and 4.3.2 Transport ----------------------------------------------

// saTransportRules are what differ between JPN (4.2.2) and NAT (4.3.2)
// Transport.
type saTransportRules struct {
	troop Piece
	// stops reports whether a group entering a LoC must stop there.
	stops func(st *SpaceState) bool
	// toll: NAT pays WLD 1 Resource in total if any LoC entered holds WLD
	// Troops (4.3.2), unless Central Command is in effect.
	toll bool
}

var jpnTransportRules = saTransportRules{
	troop: JPNTroop,
	stops: func(st *SpaceState) bool { return st.Sabotage || st.Pieces.ChineseTroops() > 0 },
}

// saTollDue reports whether entering a LoC makes the NAT toll due.
func (tr *saTransportRules) saTollDue(r *run, id SpaceID) bool {
	return tr.toll && !r.s.HasModifier("central_command") && r.s.Spaces[id].Pieces[WLDTroop] > 0
}

// saEnterLoC reports whether the group may enter LoC id next: a LoC not
// yet on the path, not Flooded (deck.md §6 a: may not enter or pass), and
// for NAT the toll payable if it falls due here (1.8).
func (tr *saTransportRules) saEnterLoC(r *run, f Faction, id SpaceID, path []SpaceID, tollDue bool) bool {
	if !r.m.Spaces[id].IsLoC() || slices.Contains(path, id) || !r.s.cubesMayEnter(r.m, f, id) {
		return false
	}
	return tollDue || !tr.saTollDue(r, id) || r.s.Resources[f] >= 1
}

// saEndIn reports whether the group may end its move in space id (adjacent
// to its LoC): a Province (or, for JPN, Manchukuo) it may enter, not the
// origin, not Flooded.
func saEndIn(r *run, f Faction, id SpaceID, path []SpaceID) bool {
	return !r.m.Spaces[id].IsLoC() && !slices.Contains(path, id) && r.s.cubesMayEnter(r.m, f, id)
}

// saTransportOrigin reports whether Transport may start from a space: it
// holds the faction's Troops and they can enter an adjacent LoC.
func (tr *saTransportRules) saTransportOrigin(r *run, o *opCtx, id SpaceID) bool {
	if r.s.Spaces[id].Pieces[tr.troop] == 0 || !saWhere(o, id) {
		return false
	}
	path := []SpaceID{id}
	for _, a := range r.m.Spaces[id].Adj {
		if tr.saEnterLoC(r, o.f, a, path, false) {
			return true
		}
	}
	return false
}

func (tr *saTransportRules) can(r *run, o *opCtx) bool {
	return saAny(r, o, func(id SpaceID) bool { return tr.saTransportOrigin(r, o, id) })
}

// run executes Transport as a walk: the origin, how many Troops, then LoC
// by LoC until the group stops, and an optional final Province. The group
// enters a LoC with Sabotage or enemy cubes and ends its move there
// (docs/rulings.md). The Troops move when the walk ends.
func (tr *saTransportRules) run(r *run, o *opCtx) error {
	s, f := r.s, o.f
	origin, err := saPick(r, o, 1, sayAsked(r, "%s Transport: select the space to move %s from", f, tr.troop), func(id SpaceID) bool {
		return tr.saTransportOrigin(r, o, id)
	})
	if err != nil || origin < 0 {
		return err
	}
	n, err := r.askCount(f, sayAsked(r, "%s Transport from %s: how many %s move (as one group)?", f, r.name(origin), tr.troop), 1, s.Spaces[origin].Pieces.N(tr.troop))
	if err != nil {
		return err
	}
	// The walk's spaces, on the stack unless it is long.
	var walk [16]SpaceID
	path := append(walk[:0], origin)
	tollDue := false
	for {
		at := path[len(path)-1]
		onLoC := len(path) > 1
		if r.walk != nil {
			r.walk.path, r.walk.n = append(r.walk.path[:0], path...), n
		}
		ans, err := r.ask(f, sayAsked(r, "%s Transport: %d %s at %s. Move on to?", f, n, tr.troop, r.name(at)), func(c *choiceList) {
			for _, a := range r.m.Spaces[at].Adj {
				if tr.saEnterLoC(r, f, a, path, tollDue) {
					stop, toll := "", ""
					if tr.stops(&s.Spaces[a]) {
						stop = " (must stop there)"
					}
					if !tollDue && tr.saTollDue(r, a) {
						toll = " (WLD Troops: pay WLD 1 Resource)"
					}
					c.addSay(r.m.choice(a), "LoC %s%s%s", r.name(a), stop, toll)
				}
			}
			if onLoC {
				for _, a := range r.m.Spaces[at].Adj {
					if saEndIn(r, f, a, path) {
						c.addSay(r.m.choice(a), "end the move in %s", r.name(a))
					}
				}
				c.addSay("done", "stop on %s", r.name(at))
			}
		})
		if err != nil {
			return err
		}
		if ans == "done" {
			break
		}
		next, err := saSpaceOf(r, ans)
		if err != nil {
			return err
		}
		path = append(path, next)
		if !r.m.Spaces[next].IsLoC() {
			break
		}
		if tr.saTollDue(r, next) {
			tollDue = true
		}
		if tr.stops(&s.Spaces[next]) {
			break
		}
	}
	dest := path[len(path)-1]
	s.relocate(origin, dest, tr.troop, n)
	if r.m.Spaces[dest].IsLoC() {
		r.note(f, "Transport: moved %d %s from %s along %s, stopping there.", n, tr.troop, r.name(origin), saNames(r, path[1:]))
	} else {
		r.note(f, "Transport: moved %d %s from %s along %s to %s.", n, tr.troop, r.name(origin), saNames(r, path[1:len(path)-1]), r.name(dest))
	}
	if tollDue {
		s.Resources[f]--
		s.addResources(WLD, 1)
		r.note(f, "Transport: NAT paid WLD 1 Resource for entering LoCs with WLD Troops.")
	}
	return nil
}

func jpnTransportCan(r *run, o *opCtx) bool { return jpnTransportRules.can(r, o) }
func jpnTransport(r *run, o *opCtx) error   { return jpnTransportRules.run(r, o) }

// ---- 4.2.3 Anti-Bandit Action ------------------------------------------------

// abaLimit is how many spaces Anti-Bandit Action selects and how many pieces
// it removes: 2, or 3 under Three Alls (deck.md §5).
func abaLimit(r *run) int {
	if r.s.HasModifier("three_alls") {
		return 3
	}
	return 2
}

// abaRemovable lists the pieces Anti-Bandit Action may remove from a space
// now: Active Guerrillas, and Bases once no other piece of their faction
// remains (Underground Guerrillas and Troops protect them); never CPC Bases
// under Tunnel Warfare (deck.md §5).
func abaRemovable(r *run, id SpaceID, out []Piece) []Piece {
	p := &r.s.Spaces[id].Pieces
	for _, k := range []Piece{NATGuerrillaActive, CPCGuerrillaActive} {
		if p[k] > 0 {
			out = append(out, k)
		}
	}
	if p[NATBase] > 0 && basesLast(p, NAT) {
		out = append(out, NATBase)
	}
	if p[WLDBase] > 0 && basesLast(p, WLD) {
		out = append(out, WLDBase)
	}
	if p[CPCBase] > 0 && basesLast(p, CPC) && !r.s.HasModifier("tunnel_warfare") {
		out = append(out, CPCBase)
	}
	return out
}

// abaMarks reports whether selecting a space changes its Province
// markers: it is a Province not both Neutral and under Terror.
func abaMarks(r *run, id SpaceID) bool {
	st := &r.s.Spaces[id]
	return r.m.Spaces[id].IsProvince() && (st.Support != Neutral || !st.Terror)
}

// abaSpace reports whether Anti-Bandit Action may select a space: JPN
// Troops, not Flooded (deck.md §6 b), and something happens there (a piece
// to remove within the removals left, or markers to set).
func abaSpace(r *run, id SpaceID, removalsLeft int) bool {
	if r.s.Spaces[id].Pieces[JPNTroop] == 0 || r.s.Flooded(r.m, id) {
		return false
	}
	var buf [5]Piece
	return abaMarks(r, id) || (removalsLeft > 0 && len(abaRemovable(r, id, buf[:0])) > 0)
}

func antiBanditCan(r *run, o *opCtx) bool {
	return saAny(r, o, func(id SpaceID) bool { return abaSpace(r, id, abaLimit(r)) })
}

// antiBandit is Anti-Bandit Action (4.2.3): select up to two spaces with JPN
// Troops, remove in total up to two Active Guerrillas or Bases among them,
// then set each selected Province to Neutral and place Terror there.
func antiBandit(r *run, o *opCtx) error {
	s := r.s
	limit := abaLimit(r)
	left := limit
	for {
		id, err := saPick(r, o, limit, sayAsked(r, "Anti-Bandit Action (%d removals left): select a space with JPN Troops", left), func(id SpaceID) bool {
			return abaSpace(r, id, left)
		})
		if err != nil {
			return err
		}
		if id < 0 {
			break
		}
		// A space where only removals happen must see one.
		mustRemove := !abaMarks(r, id)
		removedHere := 0
		for left > 0 {
			ans, err := r.ask(JPN, sayAsked(r, "Anti-Bandit Action in %s (%d removals left): remove which piece to Available?", r.name(id), left), func(c *choiceList) {
				var buf [5]Piece
				for _, k := range abaRemovable(r, id, buf[:0]) {
					c.add(saPieceID(k), k.String())
				}
				if !mustRemove || removedHere > 0 {
					c.add("done", "remove no more here")
				}
			})
			if err != nil {
				return err
			}
			if ans == "done" {
				break
			}
			k, err := saPieceOf(ans)
			if err != nil {
				return err
			}
			s.removeTo(id, k, 1, &s.Available)
			left--
			removedHere++
			r.note(JPN, "Anti-Bandit Action in %s: removed 1 %s to Available.", r.name(id), k)
			if k == NATBase {
				s.saLosePatronage(1)
				r.note(JPN, "Anti-Bandit Action: a NAT Base removed, Patronage -1 (now %d).", s.Patronage)
			}
		}
	}
	// Finally, every selected Province goes Neutral and gets Terror.
	for _, id := range o.saSpaces {
		if !r.m.Spaces[id].IsProvince() {
			continue
		}
		st := &s.Spaces[id]
		st.Support = Neutral
		st.Terror = true
		r.note(JPN, "Anti-Bandit Action in %s: set to Neutral, Terror marker there.", r.name(id))
	}
	return nil
}
