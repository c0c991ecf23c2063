package commands

import (
	"bytes"
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

// TestConsoleReportsActions plays an Operation with dice (a WLD Limited
// Assault whose every answer is forced) and checks the console says what
// happened: the choices, the answers applied for the player, the summary
// Discord posts, and the card change with the new eligibility.
func TestConsoleReportsActions(t *testing.T) {
	g, err := engine.New(engine.Config{Scenario: "1937", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	c := &Console{Table: Local{G: g}, Out: &out}
	for _, line := range []string{"done", "done", "done", "sweep; Hebei; done; from Manchukuo 4; done; no special activity"} {
		if err := c.Exec(line); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
	}
	if !strings.Contains(out.String(), "JPN: JPN executes an Operation: Sweep.") {
		t.Errorf("no summary of the Sweep:\n%s", out.String())
	}
	logLen := len(g.Log())
	out.Reset()
	if err := c.Exec("limited operation: assault"); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if len(g.Forced()) == 0 {
		t.Fatal("the Assault forced no answer: the test no longer covers forced answers")
	}
	wantLines := []string{"WLD: Limited Operation: Assault"}
	for _, f := range g.Forced() {
		wantLines = append(wantLines, "  applied for you: WLD: "+f.Question+" → "+f.Choice.Label)
	}
	// The summary is the paragraph Discord posts, from the same log lines.
	wantLines = append(wantLines, "", Summary(g.Log()[logLen:]))
	if !strings.HasPrefix(got, strings.Join(wantLines, "\n")+"\n") {
		t.Errorf("output:\n%s\nwant it to start:\n%s", got, strings.Join(wantLines, "\n"))
	}
	for _, want := range []string{
		"applied for you: WLD: WLD Assault in Hebei: target which Factions? → JPN",
		"WLD rolls ", "the defenders roll ",
		"\nNew card: #40 ", "Eligible: NAT, CPC; Ineligible: JPN, WLD.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
}

// After a voluntary transfer the prompt quotes the Resources as they are now.
func TestConsolePromptAfterGive(t *testing.T) {
	g, err := engine.New(engine.Config{Scenario: "1937", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	c := &Console{Table: Local{G: g}, Out: &out}
	for _, line := range []string{"done", "done", "done", "sweep"} {
		if err := c.Exec(line); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
	}
	if p := c.PromptText(); !strings.Contains(p, "JPN has 30") {
		t.Fatalf("prompt before the transfer:\n%s", p)
	}
	if err := c.Exec("give nat 5"); err != nil {
		t.Fatal(err)
	}
	if p := c.PromptText(); !strings.Contains(p, "JPN has 25") {
		t.Errorf("prompt after JPN gave 5:\n%s", p)
	}
}
