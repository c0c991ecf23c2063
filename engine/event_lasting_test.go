package engine

import (
	"slices"
	"strings"
	"testing"
)

// #16 and #17 through the Operations they change (deck.md §5, §6).

// TestCard17ShadedAssault: once #17 shaded is in effect a WLD Assault may
// select a space with WLD Troops and Active CPC Guerrillas but no JPN
// forces, and target them (3.2.5 play note); without it the Assault is not
// possible there. The Capability is still in effect after the Reset.
func TestCard17ShadedAssault(t *testing.T) {
	_, props := cardsOf(t)
	start := func(t *testing.T) *Game {
		s := newState(t, "1937", 1)
		clearBoard(s)
		put(t, s, "Hunan", WLDTroop, 3)
		put(t, s, "Hunan", CPCGuerrillaActive, 2)
		put(t, s, "Hunan", CPCGuerrilla, 1) // Underground: may not be targeted
		stackDeck(s, 17, 13, props[0], 14)
		s.Step = Step{Kind: "start"}
		s.Elig[CPC] = Ineligible // WLD is 2nd Eligible on #17 (NAT CPC WLD JPN)
		rigDice(t, s, 1, 6)
		return gameAt(t, s, nil)
	}
	t.Run("without the Capability", func(t *testing.T) {
		g := start(t)
		mustDo(t, g, NAT, "event:unshaded")
		evAnswer(t, g, []string{"!op:assault"})
	})
	t.Run("with the Capability", func(t *testing.T) {
		g := start(t)
		mustDo(t, g, NAT, "event:shaded")
		evAnswer(t, g, []string{"WLD>op:assault"})
		// Hunan is the only space and the Active Guerrillas the only
		// target: the rest is forced.
		if !strings.Contains(logText(g), "Assault in Hunan") {
			t.Fatalf("no Assault in Hunan:\n%s", logText(g))
		}
		st := g.State()
		// WLD rolled 1 against 1 CV of Active Guerrillas (+1 Rough): all
		// Active CPC Guerrillas are removed; the Underground one stays.
		evWantPieces(t, st, "Hunan", int(CPCGuerrillaActive), 0, cg, 1, wt, 3)
		evWant(t, "CPC Guerrillas Available", st.Available[CPCGuerrilla], Pool[CPCGuerrilla]-1)
		if !slices.Contains(st.Capabilities, "new_fourth_army_incident") {
			t.Fatalf("capabilities %v", st.Capabilities)
		}
		quiet(t, g, atStep("reset"))
		quiet(t, g, atStep("eligible"))
		if st := g.State(); !st.HasModifier("new_fourth_army_incident") || st.Rounds != 1 {
			t.Errorf("after the Reset: capabilities %v (round %d)", st.Capabilities, st.Rounds)
		}
	})
}

// TestCard17UnshadedGovern: with #17 unshaded in effect NAT Govern may not
// remove a CPC Base; it may still remove a WLD Base. The Capability never
// ends.
func TestCard17UnshadedGovern(t *testing.T) {
	for _, tc := range []struct {
		name string
		caps []string
		want []string
	}{
		{"without", nil, []string{"govern:remove_wld", "govern:remove_cpc"}},
		{"with United Front", []string{"united_front"}, []string{"govern:remove_wld"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := evSetup(t, 13, NAT)
			s.Capabilities = tc.caps
			put(t, s, "Hunan", NATTroop, 4)
			put(t, s, "Hunan", CPCBase, 1)
			put(t, s, "Hunan", WLDBase, 1)
			g := gameAt(t, s, evAfterEvent)
			mustDo(t, g, NAT, "event:shaded")
			steps := []string{"sa:govern"}
			if len(tc.want) > 1 {
				steps = append(steps, "="+tc.want[0]+"|"+tc.want[1], "govern:remove_cpc")
			}
			evAnswer(t, g, steps)
			st := g.State()
			if len(tc.want) > 1 {
				evWantPieces(t, st, "Hunan", cb, 0, wb, 1)
			} else {
				// The only option left is forced: the WLD Base goes.
				evWantPieces(t, st, "Hunan", cb, 1, wb, 0)
			}
		})
	}
	// The Capability from the card itself, then through a Reset.
	_, props := cardsOf(t)
	s := newState(t, "1937", 1)
	clearBoard(s)
	stackDeck(s, 17, 13, props[0], 14)
	s.Step = Step{Kind: "start"}
	g := gameAt(t, s, nil)
	mustDo(t, g, NAT, "event:unshaded")
	quiet(t, g, atStep("eligible"))
	quiet(t, g, func(s *State) bool { return s.Rounds == 1 && s.Step.Kind == "eligible" })
	if st := g.State(); !slices.Equal(st.Capabilities, []string{"united_front"}) {
		t.Errorf("after the Reset: capabilities %v", st.Capabilities)
	}
}

// TestCard16FloodsAndOperations: while the Floods marker is in Henan a JPN
// Sweep may not select Henan or a Flooded LoC (deck.md §6 b); after the
// Reset Phase removes the marker it may.
func TestCard16FloodsAndOperations(t *testing.T) {
	_, props := cardsOf(t)
	s := newState(t, "1937", 1)
	clearBoard(s)
	put(t, s, "Shandong", JPNTroop, 3)
	put(t, s, "Henan", CPCGuerrilla, 2)
	put(t, s, "Hebei", CPCGuerrilla, 1)
	stackDeck(s, 16, 1, props[0], 2)
	s.Step = Step{Kind: "start"}
	g := gameAt(t, s, nil)
	mustDo(t, g, NAT, "event")
	mustDo(t, g, NAT, "space:Henan")
	// JPN, 2nd Eligible, Sweeps.
	evAnswer(t, g, []string{"JPN>op:sweep", "!space:Henan", "!space:Xuzhou-Zhengzhou", "!space:Jinan-Xuzhou", "~space:Hebei", "~space:Jiangsu"})
	quiet(t, g, func(s *State) bool { return s.Rounds == 1 && s.Step.Kind == "eligible" })
	if err := g.settle(); err != nil {
		t.Fatal(err)
	}
	if st := g.State(); st.Floods != "" || st.Current != 1 {
		t.Fatalf("after the Reset: Floods %q, current #%d", st.Floods, st.Current)
	}
	// #1 (JPN first): the Sweep may now enter Henan.
	evAnswer(t, g, []string{"JPN>op:sweep", "~space:Henan", "~space:Xuzhou-Zhengzhou"})
}
