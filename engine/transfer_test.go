package engine

import (
	"strings"
	"testing"
)

// cpcRallying returns a game where CPC is 1st Eligible and has chosen Rally,
// so CPC is executing an Operation.
func cpcRallying(t *testing.T, opts Options) *Game {
	t.Helper()
	d := DefaultDeck()
	events, _ := cardsOf(t)
	var cpcFirst int
	for _, n := range events {
		if d.Card(n).Order[0] == CPC {
			cpcFirst = n
			break
		}
	}
	s := newState(t, "1937", 1)
	s.Options = opts
	stackDeck(s, cpcFirst)
	s.Step = Step{Kind: "start"}
	s.Resources = [NumFactions]int{JPN: 10, NAT: 10, WLD: 10, CPC: 4}
	g := gameAt(t, s, nil)
	mustDo(t, g, CPC, "op:rally")
	if p := g.Prompt(); !p.Executing || p.Executor != CPC {
		t.Fatalf("prompt %+v: CPC should be executing", p)
	}
	return g
}

func TestTransfers(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts Options
		t    Transfer
		want string // error substring, or "" for success
	}{
		{"JPN gives to the executing CPC", Options{}, Transfer{From: JPN, To: CPC, Amount: 3}, ""},
		{"CPC gives while executing", Options{}, Transfer{From: CPC, To: NAT, Amount: 2}, ""},
		{"neither is executing", Options{}, Transfer{From: WLD, To: NAT, Amount: 1}, "executing (CPC)"},
		{"more than it has", Options{}, Transfer{From: JPN, To: CPC, Amount: 11}, "only 10"},
		{"to itself", Options{}, Transfer{From: CPC, To: CPC, Amount: 1}, "itself"},
		{"zero", Options{}, Transfer{From: JPN, To: CPC, Amount: 0}, "at least 1"},
		{"Patronage only NAT to WLD", Options{}, Transfer{From: NAT, To: CPC, Amount: 1, Patronage: true}, "only NAT may transfer Patronage"},
		{"team members may not", Options{Teams: [][]Faction{{JPN, CPC}}}, Transfer{From: JPN, To: CPC, Amount: 1}, "same player"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := cpcRallying(t, tc.opts)
			before, _ := g.MarshalJSON()
			res := g.State().Resources
			err := g.Transfer(tc.t)
			if tc.want != "" {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("error %v, want %q", err, tc.want)
				}
				if after, _ := g.MarshalJSON(); string(after) != string(before) {
					t.Error("a refused transfer changed the game")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := g.State().Resources
			if got[tc.t.From] != res[tc.t.From]-tc.t.Amount || got[tc.t.To] != res[tc.t.To]+tc.t.Amount {
				t.Errorf("resources %v -> %v after %+v", res, got, tc.t)
			}
		})
	}
}

func TestTransferReplaysAndBlocksUndo(t *testing.T) {
	g := cpcRallying(t, Options{})
	mustDo(t, g, CPC, "space:Shaanxi")
	// Inside a space's resolution no transfer may be made (it could undo a
	// cost already found affordable); back at the space selection it may.
	if err := g.Transfer(Transfer{From: JPN, To: CPC, Amount: 5}); err == nil {
		t.Fatal("a transfer was accepted in the middle of resolving a Rally space")
	}
	mustDo(t, g, CPC, "rally:place")
	if err := g.Transfer(Transfer{From: JPN, To: CPC, Amount: 5}); err != nil {
		t.Fatal(err)
	}
	// JPN's transfer is another faction's decision: CPC may not undo past it.
	if g.CanUndo(CPC) {
		t.Error("CPC can undo past JPN's transfer")
	}
	// A saved game with the transfer in the current action restores exactly.
	a, _ := g.MarshalJSON()
	h, err := Load(a, nil)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := h.MarshalJSON(); string(a) != string(b) {
		t.Error("reload changed the game")
	}
	if got := h.State().Resources[CPC]; got != 4-1+5 {
		t.Errorf("CPC Resources %d after paying 1 and receiving 5, want 8", got)
	}
}

func TestTransferOnlyWhileExecuting(t *testing.T) {
	s := atPhase(t, "resources", 0)
	g := gameAt(t, s, nil)
	if err := g.Transfer(Transfer{From: NAT, To: WLD, Amount: 1}); err == nil || !strings.Contains(err.Error(), "only while a faction is executing") {
		t.Fatalf("transfer during the Resources Phase: %v", err)
	}
}
