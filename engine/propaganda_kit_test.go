package engine_test

import (
	"slices"
	"strconv"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/engine/position"
)

// Support and Aid Phase tests on positions written with the position kit.

func TestSupportPhase(t *testing.T) {
	g := position.Must(t, `
current 49
rounds 2
step pacify NAT
deck 2 3 4
resources NAT 7 CPC 2
Hunan: 1 NAT Troop, Opposition, Terror  # NAT Control, Pop 3
Henan: 1 CPC Guerrilla                  # CPC piece, no NAT Control
Jiangxi: 1 CPC Guerrilla, 2 NAT Troops  # CPC piece but NAT Control
Chahar: 1 NAT Troop                     # NAT Control, Pop 0: nothing to do
`)
	p := g.Prompt()
	if got := len(p.Choices); got != 3 { // Hunan, Jiangxi, done
		t.Fatalf("Pacification choices %v, want Hunan, Jiangxi, done", p.Choices)
	}
	// Terror first, then Opposition -> Neutral -> Support; 1 Resource left
	// is too little to go on, so the phase ends on its own.
	position.Do(t, g, "NAT space:Hunan", "NAT space:Hunan", "NAT space:Hunan")
	st := g.State()
	if h := st.Spaces[g.Map().MustID("Hunan")]; h.Terror || h.Support != engine.Support || st.Resources[engine.NAT] != 1 {
		t.Fatalf("Hunan %+v, NAT Resources %d; want no Terror, Support, 1", h, st.Resources[engine.NAT])
	}
	p = g.Prompt()
	if p.Faction != engine.CPC || !p.Has("space:Henan") || p.Has("space:Jiangxi") {
		t.Fatalf("Agitation prompt %+v, want CPC offered Henan but not NAT-Controlled Jiangxi", p)
	}
	position.Do(t, g, "CPC space:Henan")
	// Henan is now at Opposition and nothing else qualifies: the phase ends
	// on its own with 1 CPC Resource unspent.
	if st := g.State(); st.Spaces[g.Map().MustID("Henan")].Support != engine.Opposition || st.Resources[engine.CPC] != 1 {
		t.Errorf("Henan %d, CPC Resources %d; want Opposition, 1", st.Spaces[g.Map().MustID("Henan")].Support, st.Resources[engine.CPC])
	}
}

// TestAgitationTerrorThenTwoShifts holds ruling R19 for the CPC: in one
// Province Agitation may remove Terror and then shift two levels (6.3.2
// play note); TestSupportPhase holds it for Pacification.
func TestAgitationTerrorThenTwoShifts(t *testing.T) {
	g := position.Must(t, `
current 49
rounds 2
step agitate CPC
deck 2 3 4
resources CPC 5
Henan: 1 CPC Guerrilla, Support, Terror
`)
	position.Do(t, g, "CPC space:Henan", "CPC space:Henan", "CPC space:Henan")
	st := g.State()
	if sp := st.Spaces[g.Map().MustID("Henan")]; sp.Terror || sp.Support != engine.Opposition || st.Resources[engine.CPC] != 2 {
		t.Fatalf("Henan %+v, CPC Resources %d; want no Terror, Opposition, 2", sp, st.Resources[engine.CPC])
	}
	if p := g.Prompt(); p != nil && p.Faction == engine.CPC && p.Has("space:Henan") {
		t.Errorf("Henan offered again at Opposition without Terror: %v", p.Choices)
	}
}

// TestAidTransfersAll holds ruling R15: NAT transfers all Foreign Aid (6.5),
// so Patronage is offered no more than it can hold under 30 and Resources
// must take the rest while they have room under 60.
func TestAidTransfersAll(t *testing.T) {
	for _, tc := range []struct {
		name             string
		aid, pat, res    int
		lo, hi           int // the offered Patronage shares
		choose           int
		wantPat, wantRes int
	}{
		{"room in both", 6, 10, 5, 0, 6, 3, 13, 8},
		{"Patronage near its cap: the excess goes to Resources", 6, 28, 10, 0, 2, 2, 30, 14},
		{"Resources near their cap: Patronage must take the excess", 6, 20, 57, 3, 6, 3, 23, 60},
		{"both near their caps: only what neither holds is lost", 6, 29, 58, 1, 1, 1, 30, 60},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := position.Must(t, `
current 49
rounds 2
step aid NAT
deck 2 3 4
commitment 10
aid `+strconv.Itoa(tc.aid)+`
patronage `+strconv.Itoa(tc.pat)+`
resources NAT `+strconv.Itoa(tc.res)+`
`, position.ShowForced())
			p := g.Prompt()
			var got, want []string
			for _, c := range p.Choices {
				got = append(got, c.ID)
			}
			for n := tc.lo; n <= tc.hi; n++ {
				want = append(want, "count:"+strconv.Itoa(n))
			}
			if p.Step != "aid" || !slices.Equal(got, want) {
				t.Fatalf("%s: Patronage shares offered %v, want %v", p.Question, got, want)
			}
			position.Do(t, g, "NAT count:"+strconv.Itoa(tc.choose))
			if st := g.State(); st.Patronage != tc.wantPat || st.Resources[engine.NAT] != tc.wantRes || st.Aid != 0 {
				t.Errorf("Patronage %d, NAT Resources %d, Aid %d; want %d, %d, 0", st.Patronage, st.Resources[engine.NAT], st.Aid, tc.wantPat, tc.wantRes)
			}
		})
	}
}
