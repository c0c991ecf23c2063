package ai_test

import (
	"fmt"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/engine/ai"
	"github.com/chinaswar/chinaswar/engine/position"
)

// avoidPosition: CPC is 2nd Eligible on #13, here a test card whose
// unshaded side adds 10 to CPC's victory total (a Base and 9 Population to
// Opposition, 7.2) and 2 Patronage, and whose shaded side costs CPC a Resource. The next card
// is a Propaganda card (shown: no No Reveal), so its victory check (6.1,
// 7.2) comes before anyone acts again. JPN leads (Commitment 34); NAT's
// total is Support 12 plus the given Patronage, and passes the check above
// 40.
func avoidPosition(patronage int) string {
	return fmt.Sprintf(`scenario 1938
seed 11
resources JPN 12 NAT 10 WLD 8 CPC 0
commitment 34
patronage %d
eligible NAT CPC WLD JPN
acted NAT op+sa
rounds 1
events-since-round 3
current 13
deck 49
card-json {"number": 13, "title": "Second United Front", "flavour": "A test card.",
  "order": ["NAT", "CPC", "WLD", "JPN"],
  "unshaded": {"text": "CPC places 1 CPC Base in Gansu. Shift Hebei, Henan and Shandong to Opposition. Patronage +2.", "steps": [
    {"op": "place", "faction": "CPC", "piece": "base", "count": 1, "where": {"names": ["Gansu"]}},
    {"op": "shift", "where": "Hebei", "toward": "opposition", "levels": 1},
    {"op": "shift", "where": "Henan", "toward": "opposition", "levels": 1},
    {"op": "shift", "where": "Shandong", "toward": "opposition", "levels": 1},
    {"op": "adjust", "track": "patronage", "amount": 2}]},
  "shaded": {"text": "CPC Resources -1.", "steps": [
    {"op": "adjust", "track": "resources", "faction": "CPC", "amount": -1}]}}

Sichuan: 3 NAT Troops, NAT Base, Support
Hunan: 2 NAT Troops, Support
Hubei: 2 NAT Troops, Support
Guizhou: Support
Yunnan: Support
Guangxi: 1 WLD Troops, Support
Jiangxi: Support
Shaanxi: CPC Base, 3 CPC Guerrillas, Opposition
Shanxi: 2 CPC Guerrillas, 2 WLD Troops
Hebei: 4 JPN Troops, 2 JPN Police, 1 CPC Guerrillas
Henan: 2 CPC Guerrillas
Beijing-Tianjin: 2 JPN Police
Jiangsu: 3 JPN Troops, 1 JPN Police
`, patronage)
}

// TestNeverHandsAVictoryCheck: an AI never takes an action that lets a
// rival pass a victory check it could have kept it from (issue: AI
// players). With NAT at 40, the Event's 2 Patronage would win NAT the game
// at the Propaganda card; with NAT at 32 the same side, 10 points for CPC,
// is its best. Scored by margins alone (the score's 0 for a rival's passed
// check taken out), CPC takes the side in both.
func TestNeverHandsAVictoryCheck(t *testing.T) {
	won := func(ex *ai.Explanation, action string) (float64, bool) {
		for _, a := range ex.Alternatives {
			if a.Action == action {
				return a.Won, true
			}
		}
		return 0, false
	}
	for seed := uint64(1); seed <= 3; seed++ {
		g := position.Must(t, avoidPosition(28))
		if pr := g.Prompt(); pr.Faction != engine.CPC || !pr.Has("event:unshaded") {
			t.Fatalf("position: %s asks %q", pr.Faction, pr.Question)
		}
		choice, ex, err := ai.New(engine.CPC, ai.Easy, seed).Decide(g)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("NAT at 40, seed %d: %s", seed, ex.Line())
		if choice == "event:unshaded" {
			t.Errorf("seed %d: CPC took the side that wins NAT the game at the next card", seed)
		}
		if w, ok := won(ex, "Event (unshaded)"); ok && w > 0 {
			t.Errorf("seed %d: the side that wins NAT the game won %.0f%% of CPC's simulations", seed, 100*w)
		}
	}
	// The control: the same side, with NAT well short of 40, is CPC's
	// choice, so the avoidance above is the victory check's doing.
	g := position.Must(t, avoidPosition(20))
	choice, ex, err := ai.New(engine.CPC, ai.Easy, 1).Decide(g)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("NAT at 32: %s", ex.Line())
	if choice != "event:unshaded" {
		t.Errorf("with NAT at 32 CPC did not take the side: %s", ex.Line())
	}
}
