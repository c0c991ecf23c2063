package engine

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// convState builds a 1937 state with an empty board, no markers or
// modifiers, everyone Eligible, and an Event card on top of the deck whose
// order puts f first (followed by another Event card, so no Propaganda
// card is switched in).
func convState(t testing.TB, f Faction) *State {
	t.Helper()
	s := newState(t, "1937", 1)
	clearBoard(s)
	events, _ := cardsOf(t)
	d := DefaultDeck()
	first := 0
	for _, n := range events {
		if d.Card(n).Order[0] == f {
			first = n
			break
		}
	}
	if first == 0 {
		t.Fatalf("no Event card with %s first", f)
	}
	second := events[0]
	if second == first {
		second = events[1]
	}
	stackDeck(s, first, second)
	s.Capabilities, s.Momentum, s.Floods = nil, nil, ""
	s.Elig = [NumFactions]Eligibility{}
	s.Resources = [NumFactions]int{JPN: 20, NAT: 20, WLD: 20, CPC: 20}
	s.Patronage, s.Commitment = 10, 10
	s.LargeOffensiveUsed = false
	s.Step = Step{Kind: "start"}
	return s
}

// convGame starts a game at the first Eligible faction's choice of action.
func convGame(t testing.TB, s *State) *Game {
	t.Helper()
	return gameAt(t, s, nil)
}

// convPlay answers prompts in turn through the game, each answer checked
// against the legal choices.
func convPlay(t testing.TB, g *Game, f Faction, answers ...string) {
	t.Helper()
	for _, a := range answers {
		mustDo(t, g, f, a)
	}
}

// convOp runs an Operation directly, as the sequence of play or an Event
// would (free, Limited, narrowed), answering its prompts in turn: each
// answer must be a legal choice of the prompt it answers, and questions
// with one legal choice are answered by the engine. It returns the state,
// the prompt still waiting (nil when the Operation finished) and the log.
func convOp(t testing.TB, s0 *State, o0 opCtx, answers ...string) (*State, *Prompt, string) {
	t.Helper()
	var trail []answer
	for {
		s := s0.clone()
		o := o0
		o.spaces = slices.Clone(o0.spaces)
		r := &run{s: s, m: DefaultMap(), d: DefaultDeck(), trail: trail}
		err := runOp(r, &o)
		trail = r.trail
		if errors.Is(err, errAwait) {
			if strings.Contains(r.pending.Question, "%!") {
				t.Fatalf("badly formatted question %q", r.pending.Question)
			}
			if len(answers) == 0 {
				return s, r.pending, convNotes(r)
			}
			if !r.pending.Has(answers[0]) {
				t.Fatalf("answer %q is not legal for %q; legal: %s", answers[0], r.pending.Question, listChoices(r.pending.Choices))
			}
			trail = append(trail, answer{Faction: r.pending.Faction, Choice: answers[0]})
			answers = answers[1:]
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(answers) > 0 {
			t.Fatalf("the Operation finished with answers %v left", answers)
		}
		if err := CheckInvariants(DefaultMap(), DefaultDeck(), s); err != nil {
			t.Fatal(err)
		}
		return s, nil, convNotes(r)
	}
}

func convNotes(r *run) string {
	var b strings.Builder
	for _, n := range r.notes {
		b.WriteString(n.text.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// convIDs lists a prompt's choice IDs.
func convIDs(p *Prompt) []string {
	if p == nil {
		return nil
	}
	var out []string
	for _, c := range p.Choices {
		out = append(out, c.ID)
	}
	return out
}

func convWantChoices(t testing.TB, p *Prompt, want ...string) {
	t.Helper()
	if got := convIDs(p); !slices.Equal(got, want) {
		q := ""
		if p != nil {
			q = p.Question
		}
		t.Fatalf("choices of %q: %v, want %v", q, got, want)
	}
}

func convAt(s *State, space string) *Pieces {
	return &s.Spaces[DefaultMap().MustID(space)].Pieces
}

func convCheck(t testing.TB, what string, got, want int) {
	t.Helper()
	if got != want {
		t.Errorf("%s: %d, want %d", what, got, want)
	}
}

// TestAssaultExampleA reproduces 3.2.5 Assault Example A as the Assault of
// the Patrol Example (3.2.3): NAT free Assault on a LoC against one JPN
// Troop and one JPN Police with two NAT and two WLD Troops.
func TestAssaultExampleA(t *testing.T) {
	s := convState(t, NAT)
	put(t, s, "Guizhou", NATTroop, 2)
	put(t, s, "Guizhou", WLDTroop, 2)
	put(t, s, "Wuhan-Yichang", JPNTroop, 1)
	put(t, s, "Wuhan-Yichang", JPNPolice, 1)
	put(t, s, "Wuhan-Yichang", CPCGuerrilla, 4)
	s.Resources[NAT], s.Resources[WLD] = 10, 5
	rigDice(t, s, 1, 3)
	g := convGame(t, s)
	convPlay(t, g, NAT, "op:patrol", "space:Wuhan-Yichang", "done", "space:Guizhou", "count:2", "count:2", "count:4", "space:Wuhan-Yichang")
	st := g.State()
	convCheck(t, "NAT Resources before the Assault (2 Patrol + 1 to WLD)", st.Resources[NAT], 7)
	p := g.Prompt()
	if !strings.Contains(p.Question, "include the 2 WLD Troops") {
		t.Fatalf("prompt %q, want the WLD inclusion question", p.Question)
	}
	convPlay(t, g, NAT, "wld:include")
	convCheck(t, "NAT Resources after including WLD", st.Resources[NAT], 6)
	convCheck(t, "WLD Resources (1 for moving, 1 for the Assault)", st.Resources[WLD], 7)
	// NAT rolls 1 (CV 4): one JPN piece; NAT may over-satisfy with the Troop.
	convWantChoices(t, g.Prompt(), "piece:jpn_troops", "piece:jpn_police")
	convPlay(t, g, NAT, "piece:jpn_troops")
	// JPN rolls 3 (CV 3): NAT chooses three CV among its own assaulting Troops.
	convWantChoices(t, g.Prompt(), "piece:nat_troops", "piece:wld_troops")
	convPlay(t, g, NAT, "piece:wld_troops", "piece:wld_troops")
	// The third is forced: only a NAT Troop is left. NAT adds no Special
	// Activity.
	convPlay(t, g, NAT, "done")
	if p := g.Prompt(); p == nil || p.Step != "eligible" || p.Faction == NAT {
		t.Fatalf("after NAT's Patrol the next faction should choose, got %+v", p)
	}
	st = g.State()
	loc := convAt(st, "Wuhan-Yichang")
	if loc[JPNTroop] != 0 || loc[JPNPolice] != 1 || loc[NATTroop] != 1 || loc[WLDTroop] != 0 || loc[CPCGuerrillaActive] != 4 {
		t.Errorf("LoC after the Assault: %v", *loc)
	}
	convCheck(t, "JPN Troops in Casualties", st.Casualties.N(JPNTroop), 1)
	convCheck(t, "WLD Troops in Casualties", st.Casualties.N(WLDTroop), 2)
	convCheck(t, "NAT Troops in Casualties", st.Casualties.N(NATTroop), 1)
	convCheck(t, "Patronage (Disaster, no Glorious Victory)", st.Patronage, 9)
	log := logText(g)
	for _, want := range []string{"NAT (CV 4) against JPN (CV 3). NAT rolls 1, the defenders roll 3", "Disaster in Wuhan-Yichang"} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	if strings.Contains(log, "Glorious") {
		t.Errorf("one JPN cube removed is no Glorious Victory:\n%s", log)
	}
	if err := CheckInvariants(g.Map(), g.Deck(), st); err != nil {
		t.Error(err)
	}
}

// TestAssaultExampleB reproduces 3.2.5 Assault Example B: JPN Assaults in
// Hubei (Rough) with four Troops against NAT and WLD.
func TestAssaultExampleB(t *testing.T) {
	s := convState(t, JPN)
	put(t, s, "Hubei", JPNTroop, 4)
	put(t, s, "Hubei", NATTroop, 1)
	put(t, s, "Hubei", WLDTroop, 1)
	put(t, s, "Hubei", WLDBase, 1)
	put(t, s, "Hubei", NATGuerrillaActive, 2)
	s.Resources[JPN] = 10
	rigDice(t, s, 4, 3)
	availBefore := s.Available
	g := convGame(t, s)
	// Hubei is the only space JPN can Assault (the prompt also offers JPN's
	// Special Activities).
	convPlay(t, g, JPN, "op:assault", "space:Hubei")
	convWantChoices(t, g.Prompt(), "target:NAT", "target:WLD", "target:NAT,WLD")
	convPlay(t, g, JPN, "target:NAT,WLD")
	// JPN rolls 4 (CV 6): Troops and Guerrillas first; the WLD Base only once
	// the WLD Troop is gone.
	convWantChoices(t, g.Prompt(), "piece:nat_troops", "piece:wld_troops", "piece:guerrillas")
	convPlay(t, g, JPN, "piece:nat_troops", "piece:wld_troops")
	convWantChoices(t, g.Prompt(), "piece:guerrillas", "piece:wld_bases")
	convPlay(t, g, JPN, "piece:wld_bases")
	// The Guerrillas (1 CV together) are forced, then JPN's own losses: two
	// Troops for 3 CV (over-satisfying by 1), all forced.
	st := g.State()
	h := convAt(st, "Hubei")
	if *h != (Pieces{JPNTroop: 2}) {
		t.Errorf("Hubei after the Assault: %v, want only 2 JPN Troops", *h)
	}
	convCheck(t, "JPN Resources", st.Resources[JPN], 7)
	convCheck(t, "JPN Troops in Casualties", st.Casualties.N(JPNTroop), 2)
	convCheck(t, "NAT Troops in Casualties", st.Casualties.N(NATTroop), 1)
	convCheck(t, "WLD Troops in Casualties", st.Casualties.N(WLDTroop), 1)
	convCheck(t, "WLD Bases to Available", st.Available.N(WLDBase)-availBefore.N(WLDBase), 1)
	convCheck(t, "NAT Guerrillas to Available", st.Available.N(NATGuerrilla)-availBefore.N(NATGuerrilla), 2)
	convCheck(t, "Patronage (Glorious Victory; two Chinese Troops and no NAT Base is no Disaster)", st.Patronage, 11)
	// JPN selects no more spaces and adds no Special Activity: the action
	// ends and its log is kept.
	convPlay(t, g, JPN, "done", "done")
	log := logText(g)
	for _, want := range []string{"JPN (CV 6, 8 capped at 6) against NAT and WLD (CV 5). JPN rolls 4, the defenders roll 3", "Glorious Victory in Hubei"} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	if strings.Contains(log, "Disaster") {
		t.Errorf("no Disaster expected:\n%s", log)
	}
	if err := CheckInvariants(g.Map(), g.Deck(), st); err != nil {
		t.Error(err)
	}
}

// TestAssaultCombatValues checks the CV of both sides (3.2.5) and the
// modifiers that change them (deck.md §5).
func TestAssaultCombatValues(t *testing.T) {
	for _, tc := range []struct {
		name      string
		space     string
		pieces    Pieces
		attacker  Faction
		targets   []Faction
		withWLD   bool
		mods      []string
		att, def  int
		canAssail bool
	}{
		{"JPN Troops 2 each; Police defend 1; cap 6", "Wuhan-Yichang", Pieces{JPNTroop: 4, NATTroop: 2}, JPN, []Faction{NAT}, false, nil, 8, 2, true},
		{"defending JPN: Troops 2, Police 1", "Wuhan-Yichang", Pieces{NATTroop: 3, JPNTroop: 1, JPNPolice: 2}, NAT, []Faction{JPN}, false, nil, 3, 4, true},
		{"NAT includes WLD Troops", "Wuhan-Yichang", Pieces{NATTroop: 2, WLDTroop: 3, JPNTroop: 1}, NAT, []Faction{JPN}, true, nil, 5, 2, true},
		{"NAT without WLD Troops", "Wuhan-Yichang", Pieces{NATTroop: 2, WLDTroop: 3, JPNTroop: 1}, NAT, []Faction{JPN}, false, nil, 2, 2, true},
		{"Chinese Air Force: NAT +1", "Wuhan-Yichang", Pieces{NATTroop: 2, JPNTroop: 1}, NAT, []Faction{JPN}, false, []string{"chinese_air_force"}, 3, 2, true},
		{"Chinese Air Force: not WLD", "Wuhan-Yichang", Pieces{WLDTroop: 2, JPNTroop: 1}, WLD, []Faction{JPN}, false, []string{"chinese_air_force"}, 2, 2, true},
		{"Guerrillas of all targets 1 together, Rough +1", "Hubei", Pieces{JPNTroop: 1, NATGuerrillaActive: 3, CPCGuerrillaActive: 2, CPCGuerrilla: 4}, JPN, []Faction{NAT, CPC}, false, nil, 2, 2, true},
		{"Underground Guerrillas: nothing to defend, Base protected", "Hubei", Pieces{JPNTroop: 1, CPCGuerrilla: 2, CPCBase: 1}, JPN, []Faction{CPC}, false, nil, 2, 2, false},
		{"Bases 1 each", "Henan", Pieces{JPNTroop: 1, NATBase: 1, WLDBase: 1}, JPN, []Faction{NAT, WLD}, false, nil, 2, 2, true},
		{"Puppet Army: Police assault", "Henan", Pieces{JPNTroop: 1, JPNPolice: 2, WLDTroop: 1}, JPN, []Faction{WLD}, false, []string{"puppet_army"}, 4, 1, true},
		{"without Puppet Army Police do not assault", "Henan", Pieces{JPNTroop: 1, JPNPolice: 2, WLDTroop: 1}, JPN, []Faction{WLD}, false, nil, 2, 1, true},
		{"New Fourth Army: CPC Bases never targeted", "Hubei", Pieces{NATTroop: 2, CPCGuerrillaActive: 1, CPCBase: 1}, NAT, []Faction{CPC}, false, []string{"new_fourth_army_incident"}, 2, 2, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := convState(t, JPN)
			s.Capabilities = tc.mods
			id := DefaultMap().MustID(tc.space)
			s.Spaces[id].Pieces = tc.pieces
			r := &run{s: s, m: DefaultMap(), d: DefaultDeck()}
			a := &convAssault{r: r, id: id, attacker: tc.attacker, targets: tc.targets, withWLD: tc.withWLD}
			if got := a.attackCV(); got != tc.att {
				t.Errorf("assaulting CV %d, want %d", got, tc.att)
			}
			if got := a.defenceCV(); got != tc.def {
				t.Errorf("defending CV %d, want %d", got, tc.def)
			}
			if got := len(a.removable(false)) > 0; got != tc.canAssail {
				t.Errorf("something removable: %v, want %v", got, tc.canAssail)
			}
		})
	}
}

// convAssaultRun resolves one Assault directly with forced dice, answering
// the loss choices in turn.
func convAssaultRun(t *testing.T, s *State, space string, attacker Faction, targets []Faction, withWLD bool, rolls []int, answers ...string) (*State, string) {
	t.Helper()
	rigDice(t, s, rolls...)
	id := DefaultMap().MustID(space)
	var trail []answer
	for {
		st := s.clone()
		r := &run{s: st, m: DefaultMap(), d: DefaultDeck(), trail: trail}
		err := assaultSpace(r, nil, id, attacker, targets, withWLD)
		trail = r.trail
		if errors.Is(err, errAwait) {
			if len(answers) == 0 {
				t.Fatalf("Assault waits on %q %v", r.pending.Question, convIDs(r.pending))
			}
			if !r.pending.Has(answers[0]) {
				t.Fatalf("answer %q is not legal for %q; legal: %s", answers[0], r.pending.Question, listChoices(r.pending.Choices))
			}
			trail = append(trail, answer{Faction: attacker, Choice: answers[0]})
			answers = answers[1:]
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(answers) > 0 {
			t.Fatalf("answers %v left", answers)
		}
		if err := CheckInvariants(DefaultMap(), DefaultDeck(), st); err != nil {
			t.Fatal(err)
		}
		return st, convNotes(r)
	}
}

func TestAssaultLosses(t *testing.T) {
	t.Run("an Underground Guerrilla protects its Base", func(t *testing.T) {
		s := convState(t, JPN)
		put(t, s, "Henan", JPNTroop, 3)
		put(t, s, "Henan", CPCGuerrillaActive, 1)
		put(t, s, "Henan", CPCGuerrilla, 1)
		put(t, s, "Henan", CPCBase, 1)
		st, _ := convAssaultRun(t, s, "Henan", JPN, []Faction{CPC}, false, []int{3, 6})
		if p := convAt(st, "Henan"); p[CPCGuerrillaActive] != 0 || p[CPCGuerrilla] != 1 || p[CPCBase] != 1 {
			t.Errorf("Henan %v: only the Active Guerrilla may go", *p)
		}
	})
	t.Run("attacking cubes go to Available against only Guerrillas and Bases", func(t *testing.T) {
		s := convState(t, JPN)
		put(t, s, "Henan", JPNTroop, 3)
		put(t, s, "Henan", CPCGuerrillaActive, 2)
		put(t, s, "Henan", CPCBase, 1)
		avail := s.Available[JPNTroop]
		st, log := convAssaultRun(t, s, "Henan", JPN, []Faction{CPC}, false, []int{2, 2})
		if p := convAt(st, "Henan"); p[CPCBase] != 0 || p[CPCGuerrillaActive] != 0 || p[JPNTroop] != 2 {
			t.Errorf("Henan %v", *p)
		}
		convCheck(t, "JPN Troops to Available", st.Available.N(JPNTroop)-int(avail), 1)
		convCheck(t, "JPN Troops in Casualties", st.Casualties.N(JPNTroop), 0)
		if !strings.Contains(log, "to Available") {
			t.Errorf("log: %s", log)
		}
	})
	t.Run("defending cubes make attacking cubes Casualties", func(t *testing.T) {
		s := convState(t, WLD)
		put(t, s, "Henan", WLDTroop, 3)
		put(t, s, "Henan", JPNPolice, 1)
		st, _ := convAssaultRun(t, s, "Henan", WLD, []Faction{JPN}, false, []int{6, 1})
		convCheck(t, "WLD Troops in Casualties", st.Casualties.N(WLDTroop), 1)
		convCheck(t, "JPN Police left", convAt(st, "Henan").N(JPNPolice), 1)
	})
	t.Run("as many as possible; a NAT Base removed is a Disaster", func(t *testing.T) {
		s := convState(t, JPN)
		put(t, s, "Henan", JPNTroop, 3)
		put(t, s, "Henan", NATTroop, 1)
		put(t, s, "Henan", NATBase, 1)
		st, log := convAssaultRun(t, s, "Henan", JPN, []Faction{NAT}, false, []int{5, 6})
		if p := convAt(st, "Henan"); p[NATTroop]+p[NATBase] != 0 {
			t.Errorf("Henan %v", *p)
		}
		convCheck(t, "Patronage", st.Patronage, 9)
		if !strings.Contains(log, "Disaster") {
			t.Errorf("log: %s", log)
		}
	})
	t.Run("Puppet Army: JPN may lose Police", func(t *testing.T) {
		s := convState(t, JPN)
		s.Capabilities = []string{"puppet_army"}
		put(t, s, "Henan", JPNTroop, 1)
		put(t, s, "Henan", JPNPolice, 2)
		put(t, s, "Henan", WLDTroop, 3)
		st, _ := convAssaultRun(t, s, "Henan", JPN, []Faction{WLD}, false, []int{6, 2}, "piece:jpn_police", "piece:jpn_police")
		if p := convAt(st, "Henan"); p[JPNTroop] != 1 || p[JPNPolice] != 0 {
			t.Errorf("Henan %v: two Police should satisfy 2 CV", *p)
		}
		convCheck(t, "Police in Casualties", st.Casualties.N(JPNPolice), 2)
	})
	t.Run("without Puppet Army Police are not assaulting losses", func(t *testing.T) {
		s := convState(t, JPN)
		put(t, s, "Henan", JPNTroop, 1)
		put(t, s, "Henan", JPNPolice, 2)
		put(t, s, "Henan", WLDTroop, 1)
		st, _ := convAssaultRun(t, s, "Henan", JPN, []Faction{WLD}, false, []int{6, 1})
		if p := convAt(st, "Henan"); p[JPNTroop] != 0 || p[JPNPolice] != 2 {
			t.Errorf("Henan %v", *p)
		}
	})
	t.Run("Glorious Victory needs a JPN Troop among two cubes", func(t *testing.T) {
		s := convState(t, NAT)
		put(t, s, "Henan", NATTroop, 5)
		put(t, s, "Henan", JPNPolice, 3)
		st, log := convAssaultRun(t, s, "Henan", NAT, []Faction{JPN}, false, []int{2, 6})
		convCheck(t, "Police removed", st.Casualties.N(JPNPolice), 2)
		convCheck(t, "Patronage", st.Patronage, 10)
		if strings.Contains(log, "Glorious") {
			t.Errorf("log: %s", log)
		}
	})
}

func TestAssaultTargets(t *testing.T) {
	for _, tc := range []struct {
		name     string
		pieces   Pieces
		attacker Faction
		mods     []string
		want     []string
	}{
		{"JPN: only Factions with Active forces, each set hitting something", Pieces{JPNTroop: 1, NATTroop: 1, CPCGuerrilla: 2, WLDBase: 1}, JPN, nil, []string{"NAT", "WLD", "NAT,WLD"}},
		{"JPN: a protected Base may be targeted only alongside", Pieces{JPNTroop: 1, NATTroop: 1, CPCGuerrilla: 1, CPCBase: 1}, JPN, nil, []string{"NAT", "NAT,CPC"}},
		{"NAT must target JPN", Pieces{NATTroop: 1, JPNPolice: 1, CPCGuerrillaActive: 1}, NAT, nil, []string{"JPN"}},
		{"New Fourth Army: NAT may add CPC", Pieces{NATTroop: 1, JPNPolice: 1, CPCGuerrillaActive: 1}, NAT, []string{"new_fourth_army_incident"}, []string{"JPN", "JPN,CPC"}},
		{"New Fourth Army: WLD against CPC alone", Pieces{WLDTroop: 1, CPCGuerrillaActive: 1}, WLD, []string{"new_fourth_army_incident"}, []string{"CPC"}},
		{"New Fourth Army: Underground CPC cannot be targeted", Pieces{WLDTroop: 1, CPCGuerrilla: 1}, WLD, []string{"new_fourth_army_incident"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := convState(t, JPN)
			s.Capabilities = tc.mods
			id := DefaultMap().MustID("Henan")
			s.Spaces[id].Pieces = tc.pieces
			r := &run{s: s, m: DefaultMap(), d: DefaultDeck()}
			var got []string
			for _, set := range convTargetSets(r, tc.attacker, id) {
				got = append(got, convTargetID(set))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("targets %v, want %v", got, tc.want)
			}
			if can := convCanAssault(r, tc.attacker, id); can != (len(tc.want) > 0) {
				t.Errorf("convCanAssault %v", can)
			}
		})
	}
}

// TestConvQuestionsAfterSpecialActivity: a Special Activity answered at
// the space selection prompt is followed by the same question, fully
// formatted (convSayPick keeps the text when the recorded answer is a
// Special Activity).
func TestConvQuestionsAfterSpecialActivity(t *testing.T) {
	ran := 0
	// A throwaway Special Activity of its own name, so the real ones are
	// untouched.
	const fake SAKind = "conv_test"
	registerSA(WLD, fake, saDef{can: func(r *run, o *opCtx) bool { return true }, run: func(r *run, o *opCtx) error {
		ran++
		return nil
	}})
	defer delete(saDefs[WLD], fake)
	s := convState(t, WLD)
	put(t, s, "Henan", WLDTroop, 2)
	_, p, _ := convOp(t, s, opCtx{f: WLD, kind: Sweep, saKinds: []SAKind{fake}}, "sa:conv_test")
	if ran == 0 || p == nil || !strings.Contains(p.Question, "WLD Sweep (next destination costs 1; WLD has 20)") {
		t.Fatalf("after the Special Activity: %+v", p)
	}
}
