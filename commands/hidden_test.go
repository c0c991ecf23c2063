package commands

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/engine/position"
	"github.com/chinaswar/chinaswar/render"
	"github.com/chinaswar/chinaswar/render/chart"
)

// twin is game g with the cards no player has seen in another order
// (position.ShuffleUnseen): the same game as far as any player can know.
func twin(t *testing.T, g *engine.Game, seed uint64) *engine.Game {
	t.Helper()
	data, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	var j map[string]json.RawMessage
	if err := json.Unmarshal(data, &j); err != nil {
		t.Fatal(err)
	}
	var base engine.State
	if err := json.Unmarshal(j["base"], &base); err != nil {
		t.Fatal(err)
	}
	position.ShuffleUnseen(&base, g.Deck(), seed)
	if j["base"], err = json.Marshal(&base); err != nil {
		t.Fatal(err)
	}
	if data, err = json.Marshal(j); err != nil {
		t.Fatal(err)
	}
	h, err := engine.Load(data, g.Deck())
	if err != nil {
		t.Fatalf("the twin does not load: %v", err)
	}
	return h
}

// textViews is everything a player can read about game g in text: every
// console command that only looks, the summaries, the reminders, the
// choices and their completions.
func textViews(t *testing.T, g *engine.Game) map[string]string {
	t.Helper()
	out := map[string]string{}
	var buf bytes.Buffer
	c := &Console{Table: Local{G: g}, Out: &buf}
	cmds := []string{"?", "status", "victory", "forces", "log 100000", "help"}
	for _, sp := range g.Map().Spaces {
		cmds = append(cmds, "space "+sp.Name)
	}
	if s := g.State(); s.Current != 0 {
		cmds = append(cmds, fmt.Sprintf("card %d", s.Current))
	}
	for _, cmd := range cmds {
		buf.Reset()
		if err := c.Exec(cmd); err != nil {
			out["console "+cmd] = "error: " + err.Error()
		} else {
			out["console "+cmd] = buf.String()
		}
	}
	out["summary"] = Summary(g.Log())
	out["final"] = FinalText(g)
	out["waiting"] = WaitingStep(g)
	if p := g.Prompt(); p != nil {
		out["choices"] = ListChoices(p)
		out["menu"] = fmt.Sprintf("%+v", PromptMenu(p, 1, 1, 0, g.CanUndo(p.Faction), Layout{}))
		pj, _ := json.Marshal(p)
		out["prompt"] = string(pj)
		for _, typed := range []string{"", "p", "op", "h", "1"} {
			out["suggest "+typed] = fmt.Sprintf("%+v", SuggestChoices(g, typed, 25))
		}
	}
	return out
}

// TestNothingShownDisclosesHiddenCards is the hidden-information property:
// two games that differ only in the order of the cards no player has seen
// (the draw deck but a revealed next card, the 1938 pile removed unseen)
// look exactly alike. It plays random games of both scenarios in every
// option set and, at every decision, compares every text view (console
// commands, prompt and choices, completions, summaries, log) with a twin's.
// At each kind of moment (before the first card, an Event card with or
// without a revealed next card, a Propaganda Round with or without a held
// Event, the end) it also compares the board image, whose side panel shows
// the cards, and the margin chart.
func TestNothingShownDisclosesHiddenCards(t *testing.T) {
	optionSets := []string{"", "no-reveal,teams=JPN+CPC", "sudden-discard", "elig-a", "elig-a,elig-b", "sudden-discard,elig-a,elig-b,teams=JPN+WLD/NAT+CPC"}
	maxDecisions := 3000
	if testing.Short() {
		optionSets, maxDecisions = optionSets[:2], 400
	}
	r, err := render.New(engine.DefaultMap())
	if err != nil {
		t.Fatal(err)
	}
	for _, scenario := range engine.Scenarios {
		for i, opts := range optionSets {
			t.Run(scenario+"/"+opts, func(t *testing.T) {
				o, err := engine.ParseOptions(opts)
				if err != nil {
					t.Fatal(err)
				}
				g, err := engine.New(engine.Config{Scenario: scenario, Seed: uint64(20 + i), Options: o})
				if err != nil {
					t.Fatal(err)
				}
				var track, twinTrack MarginTrack
				drawn := map[string]bool{}
				rng := uint64(i + 1)
				n := 0
				defer func() { t.Logf("%d decisions, game over: %v", n, g.Over()) }()
				for ; n < maxDecisions; n++ {
					h := twin(t, g, uint64(n))
					track.See(g)
					twinTrack.See(h)
					a, b := textViews(t, g), textViews(t, h)
					for k, v := range a {
						if b[k] != v {
							t.Fatalf("decision %d: %q differs with the hidden cards in another order:\n%s\n--- twin ---\n%s", n, k, v, b[k])
						}
					}
					// The board's panel shows the cards differently before
					// the first card, on an Event card, during a Round and
					// with an Event held: each kind of moment is drawn once
					// per game (drawing is costly), and so is the end.
					s := g.State()
					kind := fmt.Sprint(s.Current == 0, g.Deck().IsPropaganda(s.Current), s.Held != 0, s.NextCard(g.Deck()) != 0, g.Over())
					if !drawn[kind] {
						drawn[kind] = true
						compareImages(t, n, r, g, h, &track, &twinTrack)
					}
					if g.Over() {
						break
					}
					p := g.Prompt()
					rng = rng*6364136223846793005 + 1442695040888963407
					if err := g.Do(p.Faction, p.Choices[int(rng>>33)%len(p.Choices)].ID); err != nil {
						t.Fatal(err)
					}
				}
			})
		}
	}
}

func compareImages(t *testing.T, n int, r *render.Renderer, g, h *engine.Game, track, twinTrack *MarginTrack) {
	t.Helper()
	img := func(g *engine.Game) []byte {
		im, err := r.Image(g.State(), g.Deck(), render.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return pixels(im)
	}
	if !bytes.Equal(img(g), img(h)) {
		t.Fatalf("decision %d: the board differs with the hidden cards in another order (card %d, step %s)", n, g.State().Current, g.State().Step.Kind)
	}
	chartOf := func(tr *MarginTrack) []byte {
		var steps []chart.MarginStep
		for _, p := range tr.Points() {
			steps = append(steps, chart.MarginStep{Card: p.Card, Margins: p.Margins, Propaganda: p.Propaganda})
		}
		im, err := chart.Margins(chart.MarginChart{Title: "hidden cards", Steps: steps})
		if err != nil {
			t.Fatal(err)
		}
		return pixels(im)
	}
	if !bytes.Equal(chartOf(track), chartOf(twinTrack)) {
		t.Fatalf("decision %d: the margin chart differs with the hidden cards in another order", n)
	}
}

func pixels(im image.Image) []byte {
	var b strings.Builder
	bounds := im.Bounds()
	if rgba, ok := im.(*image.RGBA); ok {
		return rgba.Pix
	}
	for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
		for x := bounds.Min.X; x < bounds.Max.X; x++ {
			r, g, bl, a := im.At(x, y).RGBA()
			fmt.Fprintf(&b, "%x%x%x%x", r, g, bl, a)
		}
	}
	return []byte(b.String())
}
