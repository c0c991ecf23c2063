package engine

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/assets"
)

// evDeckJSON is the embedded deck as generic JSON, for mutating.
func evDeckJSON(t *testing.T) map[string]any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(assets.DeckJSON))
	dec.UseNumber()
	var d map[string]any
	if err := dec.Decode(&d); err != nil {
		t.Fatal(err)
	}
	return d
}

// evCardJSON finds card n in a generic deck.
func evCardJSON(d map[string]any, n int) map[string]any {
	for _, c := range d["cards"].([]any) {
		cm := c.(map[string]any)
		if cm["number"].(json.Number).String() == strconv.Itoa(n) {
			return cm
		}
	}
	return nil
}

// evStepJSON is step i (from 1) of a side of card n.
func evStepJSON(d map[string]any, n int, side string, i int) map[string]any {
	return evCardJSON(d, n)[side].(map[string]any)["steps"].([]any)[i-1].(map[string]any)
}

func TestDefaultDeckSteps(t *testing.T) {
	d := DefaultDeck()
	for _, n := range d.Numbers() {
		c := d.Card(n)
		if c.Propaganda {
			continue
		}
		for _, side := range []*CardSide{&c.Unshaded, c.Shaded} {
			if side != nil && len(side.prog) == 0 {
				t.Errorf("#%d: a side has no steps", n)
			}
		}
	}
	if len(d.Modifiers) != 16 {
		t.Errorf("%d modifiers documented, want 16", len(d.Modifiers))
	}
	if m, ok := d.Modifier("burma_road_closed"); !ok || m.Section != "1.8, 6.5" {
		t.Errorf("burma_road_closed: %+v", m)
	}
}

// TestParseDeckErrors loads broken deck files, each a small mutation of the
// real one, and checks the error names the card, side, step and field.
func TestParseDeckErrors(t *testing.T) {
	for _, tc := range []struct {
		name   string
		mutate func(d map[string]any)
		want   string
	}{
		{"unknown step op", func(d map[string]any) { evStepJSON(d, 17, "shaded", 1)["op"] = "fly" },
			`deck: card #17 shaded step 1: field "op": "fly" is not a step type`},
		{"bad piece", func(d map[string]any) { evStepJSON(d, 1, "shaded", 1)["piece"] = "tank" },
			`deck: card #1 shaded step 1 (place): field "piece": "tank" is not a piece`},
		{"bad faction and piece pair", func(d map[string]any) { evStepJSON(d, 2, "unshaded", 1)["piece"] = "police" },
			`deck: card #2 unshaded step 1 (place): field "piece": no valid Faction/piece pair`},
		{"bad faction", func(d map[string]any) { evStepJSON(d, 2, "unshaded", 1)["faction"] = "USA" },
			`deck: card #2 unshaded step 1 (place): field "faction": "USA" is not a Faction`},
		{"self where a Faction is needed", func(d map[string]any) { evStepJSON(d, 41, "unshaded", 1)["faction"] = "self" },
			`deck: card #41 unshaded step 1 (free_op): field "faction": "self" is not a Faction`},
		{"unknown space", func(d map[string]any) { evStepJSON(d, 3, "shaded", 1)["where"] = "Atlantis" },
			`deck: card #3 shaded step 1 (marker): field "where": "Atlantis" is not a space on the map`},
		{"French Indochina", func(d map[string]any) { evStepJSON(d, 11, "shaded", 1)["where"] = "French Indochina" },
			`deck: card #11 shaded step 1 (marker): field "where": "French Indochina" is out of play`},
		{"space name in a filter", func(d map[string]any) {
			evStepJSON(d, 2, "unshaded", 1)["where"] = map[string]any{"names": []any{"Shanghai", "Jiansu"}}
		}, `deck: card #2 unshaded step 1 (place): field "where.names": "Jiansu" is not a space on the map`},
		{"name excluded by kind", func(d map[string]any) {
			evStepJSON(d, 2, "unshaded", 1)["where"] = map[string]any{"kind": "loc", "names": []any{"Shanghai"}}
		}, `field "where.names": "Shanghai" is excluded by the filter's kind`},
		{"unbound name", func(d map[string]any) { evStepJSON(d, 8, "unshaded", 2)["where"] = "$Q" },
			`deck: card #8 unshaded step 2 (shift): field "where": $Q is not bound before this step`},
		{"name used before it is bound", func(d map[string]any) {
			steps := evCardJSON(d, 16)["unshaded"].(map[string]any)["steps"].([]any)
			steps[0], steps[1] = steps[1], steps[0]
		}, `deck: card #16 unshaded step 1 (marker): field "where": $P is not bound before this step`},
		{"loop name outside its loop", func(d map[string]any) {
			evStepJSON(d, 34, "shaded", 3)["do"] = []any{map[string]any{"op": "adjust", "track": "patronage", "amount": json.Number("1")}}
			steps := evCardJSON(d, 34)["shaded"].(map[string]any)["steps"].([]any)
			evCardJSON(d, 34)["shaded"].(map[string]any)["steps"] = append(steps, map[string]any{"op": "place", "faction": "JPN", "piece": "police", "count": json.Number("1"), "where": "$p"})
		}, `deck: card #34 shaded step 4 (place): field "where": $p is not bound before this step`},
		{"name bound twice", func(d map[string]any) {
			steps := evCardJSON(d, 16)["unshaded"].(map[string]any)["steps"].([]any)
			evCardJSON(d, 16)["unshaded"].(map[string]any)["steps"] = append(steps, steps[0])
		}, `deck: card #16 unshaded step 6 (choose_spaces): field "as": name "P" is bound twice on this side`},
		{"count 0", func(d map[string]any) { evStepJSON(d, 4, "unshaded", 1)["count"] = json.Number("0") },
			`deck: card #4 unshaded step 1 (remove): field "count": count must be an integer of 1 or more or "all", got 0`},
		{"count 1.5", func(d map[string]any) { evStepJSON(d, 4, "unshaded", 1)["count"] = json.Number("1.5") },
			`field "count": count must be an integer of 1 or more or "all", got 1.5`},
		{"place all", func(d map[string]any) { evStepJSON(d, 39, "shaded", 1)["count"] = "all" },
			`deck: card #39 shaded step 1 (place): field "count": count must be an integer of 1 or more, got "all"`},
		{"up_to not a boolean", func(d map[string]any) { evStepJSON(d, 2, "unshaded", 1)["up_to"] = "yes" },
			`deck: card #2 unshaded step 1 (place): field "up_to": must be true or false, got "yes"`},
		{"Casualties hold only cubes", func(d map[string]any) {
			st := evStepJSON(d, 5, "unshaded", 1)
			st["faction"], st["piece"] = "CPC", "guerrilla"
		}, `deck: card #5 unshaded step 1 (place): field "from": only cubes may be in Casualties, not CPC guerrilla`},
		{"Out of Play holds only JPN and NAT Troops", func(d map[string]any) { evStepJSON(d, 21, "unshaded", 1)["faction"] = "WLD" },
			`deck: card #21 unshaded step 1 (box_move): field "from": only JPN and NAT Troops may be Out of Play, not WLD troop`},
		{"nested step", func(d map[string]any) {
			outcome := evStepJSON(d, 6, "unshaded", 1)["outcomes"].([]any)[1].(map[string]any)
			outcome["do"].([]any)[0].(map[string]any)["piece"] = "police"
			outcome["do"].([]any)[0].(map[string]any)["to"] = "out_of_play"
		}, `deck: card #6 unshaded step 1 (roll) outcome 2 step 1 (remove): field "to": only JPN and NAT Troops may be Out of Play, not JPN police`},
		{"roll outcomes must end at 6", func(d map[string]any) {
			evStepJSON(d, 6, "unshaded", 1)["outcomes"].([]any)[2].(map[string]any)["max"] = json.Number("5")
		}, `deck: card #6 unshaded step 1 (roll): field "outcomes[2].max": outcome maxima must rise strictly within 1-6, got 5`},
		{"roll outcomes must rise", func(d map[string]any) {
			evStepJSON(d, 6, "unshaded", 1)["outcomes"].([]any)[1].(map[string]any)["max"] = json.Number("2")
		}, `field "outcomes[1].max": outcome maxima must rise strictly`},
		{"flagged side without lasting step", func(d map[string]any) {
			side := evCardJSON(d, 4)["shaded"].(map[string]any)
			side["steps"] = side["steps"].([]any)[:1]
		}, `deck: card #4 shaded: field "steps": a MOMENTUM side needs exactly one lasting step, has 0`},
		{"lasting step on an unflagged side", func(d map[string]any) {
			side := evCardJSON(d, 1)["unshaded"].(map[string]any)
			side["steps"] = append(side["steps"].([]any), map[string]any{"op": "lasting", "id": "three_alls"})
		}, `deck: card #1 unshaded: field "steps": a lasting step on a side without a CAPABILITY or MOMENTUM flag`},
		{"unknown modifier", func(d map[string]any) { evStepJSON(d, 10, "unshaded", 1)["id"] = "magic" },
			`deck: card #10 unshaded step 1 (lasting): field "id": "magic" is not a known lasting modifier`},
		{"modifier granted as the wrong kind", func(d map[string]any) { evStepJSON(d, 10, "unshaded", 1)["id"] = "northern_crisis" },
			`deck: card #10 unshaded: field "flag": modifier "northern_crisis" may not be granted as CAPABILITY`},
		{"another faction's Operation", func(d map[string]any) { evStepJSON(d, 41, "unshaded", 1)["operation"] = "assault" },
			`deck: card #41 unshaded step 1 (free_op): field "operation": CPC may not execute Operation "assault" (5.1.1)`},
		{"another faction's Special Activity", func(d map[string]any) { evStepJSON(d, 34, "unshaded", 1)["activity"] = "tax" },
			`deck: card #34 unshaded step 1 (free_sa): field "activity": WLD may not execute Special Activity "tax" (5.1.1)`},
		{"special for a free Operation", func(d map[string]any) { evStepJSON(d, 37, "unshaded", 2)["special"] = "govern" },
			`deck: card #37 unshaded step 2 (free_op): field "special": CPC may not execute Special Activity "govern"`},
		{"missing parameter", func(d map[string]any) { delete(evStepJSON(d, 14, "unshaded", 1), "amount") },
			`deck: card #14 unshaded step 1 (adjust): field "amount": missing required parameter`},
		{"unknown parameter", func(d map[string]any) { evStepJSON(d, 14, "unshaded", 1)["colour"] = "red" },
			`deck: card #14 unshaded step 1 (adjust): field "colour": unknown parameter`},
		{"faction on a track without one", func(d map[string]any) { evStepJSON(d, 14, "unshaded", 1)["faction"] = "NAT" },
			`deck: card #14 unshaded step 1 (adjust): field "faction": a faction is allowed only with resources`},
		{"adjust by 0", func(d map[string]any) { evStepJSON(d, 14, "unshaded", 1)["amount"] = json.Number("0") },
			`field "amount": must be a non-zero integer, got 0`},
		{"unknown filter key", func(d map[string]any) {
			evStepJSON(d, 8, "unshaded", 1)["filter"].(map[string]any)["colour"] = "red"
		}, `deck: card #8 unshaded step 1 (choose_spaces): field "filter": unknown filter key "colour"`},
		{"bad piece condition", func(d map[string]any) {
			pc := evStepJSON(d, 8, "unshaded", 1)["filter"].(map[string]any)["pieces"].([]any)[1].(map[string]any)
			pc["piece"] = "guerrilla"
		}, `field "filter.pieces[1]": no valid Faction/piece pair in [JPN] x [guerrilla]`},
		{"filter that can match nothing", func(d map[string]any) {
			evStepJSON(d, 8, "unshaded", 1)["filter"].(map[string]any)["kind"] = "loc"
			evStepJSON(d, 8, "unshaded", 1)["filter"].(map[string]any)["coastal"] = true
		}, `deck: card #8 unshaded step 1 (choose_spaces): field "filter": can never match a space`},
		{"Bases on LoCs in a filter", func(d map[string]any) {
			evStepJSON(d, 8, "unshaded", 1)["filter"].(map[string]any)["kind"] = "loc"
		}, `deck: card #8 unshaded step 1 (choose_spaces): field "filter.pieces[0]": Bases can never be on a LoC`},
		{"Bases onto LoCs", func(d map[string]any) {
			evStepJSON(d, 39, "unshaded", 1)["where"] = map[string]any{"kind": "loc"}
		}, `deck: card #39 unshaded step 1 (place): field "where": Bases may be placed only in Provinces`},
		{"non-JPN into Manchukuo", func(d map[string]any) { evStepJSON(d, 39, "shaded", 1)["where"] = "Manchukuo" },
			`deck: card #39 shaded step 1 (place): field "where": only JPN pieces may enter Manchukuo`},
		{"Bases never move", func(d map[string]any) { evStepJSON(d, 3, "unshaded", 1)["piece"] = "base" },
			`deck: card #3 unshaded step 1 (move): field "piece": Bases never move`},
		{"move between spaces that are not adjacent", func(d map[string]any) { evStepJSON(d, 3, "unshaded", 1)["to"] = "Yunnan" },
			`deck: card #3 unshaded step 1 (move): field "to": no space of from is adjacent to a space of to`},
		{"flip a faction without Guerrillas", func(d map[string]any) { evStepJSON(d, 37, "shaded", 1)["faction"] = "WLD" },
			`deck: card #37 shaded step 1 (flip): field "faction": WLD has no Guerrillas to flip`},
		{"shift 3 levels", func(d map[string]any) { evStepJSON(d, 28, "unshaded", 2)["levels"] = json.Number("3") },
			`deck: card #28 unshaded step 2 (shift): field "levels": must be 1 or 2, got 3`},
		{"Floods on a LoC", func(d map[string]any) {
			evStepJSON(d, 16, "unshaded", 1)["filter"] = map[string]any{"names": []any{"Henan", "Zhengzhou-Wuhan"}}
		}, `deck: card #16 unshaded step 2 (marker): field "where": the Floods marker goes only in a Province`},
		{"transfer to the same track", func(d map[string]any) {
			evStepJSON(d, 28, "shaded", 3)["to"] = map[string]any{"track": "resources", "faction": "NAT"}
		}, `deck: card #28 shaded step 3 (transfer): field "to": from and to are the same track`},
		{"eligibility state", func(d map[string]any) { evStepJSON(d, 3, "shaded", 4)["state"] = "maybe" },
			`deck: card #3 shaded step 4 (eligibility): field "state": must be eligible or ineligible, got "maybe"`},
		{"choose_one with one option", func(d map[string]any) {
			o := evStepJSON(d, 9, "shaded", 1)
			o["options"] = o["options"].([]any)[:1]
		}, `deck: card #9 shaded step 1 (choose_one): field "options": choose_one needs at least two options`},
		{"side with no steps", func(d map[string]any) { evCardJSON(d, 14)["unshaded"].(map[string]any)["steps"] = []any{} },
			`deck: card #14 unshaded: field "steps": must be a non-empty list of steps`},
		{"flag not in the text", func(d map[string]any) { evCardJSON(d, 12)["shaded"].(map[string]any)["text"] = "Kill all." },
			`deck: card #12 shaded: field "text": should say CAPABILITY`},
		{"Capability on one side only", func(d map[string]any) {
			side := evCardJSON(d, 12)["shaded"].(map[string]any)
			delete(side, "flag")
			side["steps"] = []any{map[string]any{"op": "adjust", "track": "commitment", "amount": json.Number("1")}}
		}, `deck: card #12: field "flag": a CAPABILITY card has a Capability on both sides (5.3)`},
		{"card number used twice", func(d map[string]any) { evCardJSON(d, 2)["number"] = json.Number("1") },
			`deck: card #1: field "number": used by two cards`},
		{"order not a permutation", func(d map[string]any) { evCardJSON(d, 5)["order"] = []any{"JPN", "WLD", "CPC", "JPN"} },
			`deck: card #5: field "order": must name JPN, NAT, WLD and CPC once each`},
		{"Propaganda card with text", func(d map[string]any) { evCardJSON(d, 50)["flavour"] = "x" },
			`deck: card #50: a Propaganda card is exactly`},
		{"unknown card key", func(d map[string]any) { evCardJSON(d, 7)["artist"] = "x" },
			`deck: card #7: field "artist": unknown card key`},
		{"a card missing", func(d map[string]any) { d["cards"] = d["cards"].([]any)[1:] },
			`deck: field "cards": want exactly cards 1-48 (Events) and 49-52 (Propaganda) once each; got 51 cards, 47 Events and 4 Propaganda`},
		{"#17 title", func(d map[string]any) { evCardJSON(d, 17)["title"] = "Southern Anhui" },
			`deck: card #17: field "title": must be "New Fourth Army Incident" (3.2.5)`},
		{"modifier not listed", func(d map[string]any) { d["modifiers"] = d["modifiers"].([]any)[1:] },
			`deck: field "modifiers": the engine's modifier "united_front" is not listed`},
		{"modifier sources", func(d map[string]any) {
			d["modifiers"].([]any)[0].(map[string]any)["sources"] = []any{"18 unshaded (CAPABILITY)"}
		}, `deck: modifier united_front: field "sources": ["18 unshaded (CAPABILITY)"] do not match the cards ["17 unshaded (CAPABILITY)"]`},
		{"format", func(d map[string]any) { d["format"] = "chinaswar-deck/2" },
			`deck: field "format": "chinaswar-deck/2", want "chinaswar-deck/1"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := evDeckJSON(t)
			tc.mutate(d)
			data, err := json.Marshal(d)
			if err != nil {
				t.Fatal(err)
			}
			_, err = ParseDeck(data)
			if err == nil {
				t.Fatalf("the broken deck loaded; want an error with %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error:\n%v\nwant it to contain:\n%s", err, tc.want)
			}
		})
	}
}

func TestParseDeckNotJSON(t *testing.T) {
	for _, tc := range []struct{ data, want string }{
		{`{"format": "chinaswar-deck/1",`, "deck: not valid JSON"},
		{`[]`, "deck: the file must hold a JSON object"},
		{`{"format": "chinaswar-deck/1"} {}`, "data after the top-level object"},
	} {
		if _, err := ParseDeck([]byte(tc.data)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.data, err, tc.want)
		}
	}
}

// TestParseDeckReplacement: a deck that changes card texts and effects but
// keeps to the vocabulary loads, and its effects are the ones executed.
func TestParseDeckReplacement(t *testing.T) {
	d := evDeckJSON(t)
	c := evCardJSON(d, 14)["unshaded"].(map[string]any)
	c["text"] = "Patronage +1."
	c["steps"] = []any{map[string]any{"op": "adjust", "track": "patronage", "amount": json.Number("1")}}
	data, _ := json.Marshal(d)
	deck, err := ParseDeck(data)
	if err != nil {
		t.Fatal(err)
	}
	if deck.ID == DefaultDeck().ID {
		t.Error("a different deck has the same ID")
	}
	s := evSetup(t, 14, NAT)
	g := &Game{m: DefaultMap(), d: deck, base: *s.clone(), halt: evAfterEvent}
	if err := g.settle(); err != nil {
		t.Fatal(err)
	}
	mustDo(t, g, NAT, "event:unshaded")
	if st := g.State(); st.Patronage != ev37Patronage+1 || st.Aid != ev37Aid {
		t.Errorf("Patronage %d Aid %d: want the replacement's effect", st.Patronage, st.Aid)
	}
}
