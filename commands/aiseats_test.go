package commands

import (
	"bytes"
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/engine/ai"
)

// TestConsoleGameWithThreeAISeats plays a whole console game: the AI holds
// JPN, NAT and WLD, and a person (here, always the first choice) holds CPC.
func TestConsoleGameWithThreeAISeats(t *testing.T) {
	g, err := engine.New(engine.Config{Scenario: "1938", Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	tiny := ai.Level{Name: "Tiny", Sims: 3}
	bots := map[engine.Faction]*ai.Player{}
	for _, f := range []engine.Faction{engine.JPN, engine.NAT, engine.WLD} {
		bots[f] = ai.New(f, tiny, uint64(f))
	}
	c := &Console{Table: Local{G: g}, Out: &out, AI: bots}
	if err := c.Exec("why"); err == nil {
		t.Error("why before any AI action should say there is none")
	}
	for human := 0; ; human++ {
		if err := c.PlayAI(); err != nil {
			t.Fatal(err)
		}
		if g.Over() {
			break
		}
		if p := g.Prompt(); p.Faction != engine.CPC {
			t.Fatalf("PlayAI stopped at %s's question", p.Faction)
		}
		if err := c.Exec("1"); err != nil {
			t.Fatal(err)
		}
		if human > 5000 {
			t.Fatal("the game does not end")
		}
	}
	text := out.String()
	for _, want := range []string{"JPN (AI, Tiny): ", "NAT (AI, Tiny): ", "WLD (AI, Tiny): ", " simulations"} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	out.Reset()
	if err := c.Exec("why nat"); err != nil || !strings.Contains(out.String(), "NAT (AI, Tiny) weighed ") {
		t.Errorf("why nat: %v %q", err, out.String())
	}
	if err := c.Exec("why cpc"); err == nil {
		t.Error("why cpc: CPC is not an AI seat")
	}
}

func TestParseAISeats(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want map[engine.Faction]string
		err  bool
	}{
		{in: "", want: map[engine.Faction]string{}},
		{in: "NAT,WLD:hard", want: map[engine.Faction]string{engine.NAT: "Normal", engine.WLD: "Hard"}},
		{in: "jpn:easy, cpc:SLOW", want: map[engine.Faction]string{engine.JPN: "Easy", engine.CPC: "Slow"}},
		{in: "NAT,NAT", err: true},
		{in: "NAT:genius", err: true},
		{in: "USA", err: true},
	} {
		got, err := ParseAISeats(tc.in, 1)
		if (err != nil) != tc.err {
			t.Errorf("%q: error %v", tc.in, err)
			continue
		}
		if tc.err {
			continue
		}
		if len(got) != len(tc.want) {
			t.Errorf("%q: %d seats, want %d", tc.in, len(got), len(tc.want))
		}
		for f, l := range tc.want {
			if got[f] == nil || got[f].Level.Name != l {
				t.Errorf("%q: %s should be %s", tc.in, f, l)
			}
		}
	}
}
