package engine

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"strings"
	"testing"
)

// TestSayArguments checks every call that builds a text (say, note, sys,
// sayAsked, convSayPick) in the engine's sources: each argument must be of
// a type say holds, and there must be no more than it keeps (and at most
// one live number), or the call would panic when it runs.
func TestSayArguments(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the package's sources")
	}
	fset := token.NewFileSet()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, e := range entries {
		if n := e.Name(); strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
			f, err := parser.ParseFile(fset, n, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check("engine", fset, files, info); err != nil {
		t.Fatal(err)
	}
	// The index of the first formatted argument of each text builder.
	builders := map[string]int{"say": 1, "note": 2, "sys": 1, "sayAsked": 2, "convSayPick": 2}
	held := map[string]bool{}
	for _, s := range []string{"string", "int", "int16", "bool", "engine.OpKind", "engine.SAKind", "engine.Did", "engine.SpaceID", "engine.Control", "engine.SpaceKind",
		"engine.liveNum", "engine.Faction", "engine.Piece", "engine.evBox", "engine.convCap",
		"*engine.convSpace", "*engine.convSpaces", "*engine.convFactionSet", "*engine.convPieceSet",
		"*engine.convMover", "*engine.convKindList", "*engine.convMoveLog"} {
		held[s] = true
	}
	calls := 0
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			var name string
			switch fn := c.Fun.(type) {
			case *ast.Ident:
				name = fn.Name
			case *ast.SelectorExpr:
				name = fn.Sel.Name
			}
			first, ok := builders[name]
			if !ok || len(c.Args) <= first {
				return true
			}
			calls++
			where := fset.Position(c.Pos())
			if c.Ellipsis.IsValid() {
				return true // a builder passing its own arguments on
			}
			if n := len(c.Args) - first; n > maxTextArgs {
				t.Errorf("%s: %s with %d arguments; a text holds %d", where, name, n, maxTextArgs)
			}
			lives := 0
			for _, a := range c.Args[first:] {
				typ := info.Types[a].Type.String()
				if !held[typ] {
					t.Errorf("%s: %s argument of type %s, which say does not hold", where, name, typ)
				}
				if typ == "engine.liveNum" {
					lives++
				}
			}
			if lives > 1 {
				t.Errorf("%s: %s with %d live numbers; a text holds one", where, name, lives)
			}
			return true
		})
	}
	if calls < 100 {
		t.Errorf("found only %d text builder calls; the check is not finding them", calls)
	}
}

// TestTextFormatsAsGiven: a text reads as fmt.Sprintf would have read its
// arguments, live numbers read when formatted unless frozen.
func TestTextFormatsAsGiven(t *testing.T) {
	m := DefaultMap()
	res := 3
	tx := say("%s %d %v %q %d|%v|%s|%v|%v", "a", 7, JPN, NAT, live(&res), Piece(1), evBox(2), convCap(9), &convSpaces{m, []SpaceID{0, 1}})
	frozen := tx.frozen()
	res = 5
	want := "a 7 JPN \"NAT\" 5|" + Piece(1).String() + "|Out of Play|, 9 capped at 6|" + m.Spaces[0].Name + ", " + m.Spaces[1].Name
	if got := tx.String(); got != want {
		t.Errorf("text = %q, want %q", got, want)
	}
	if got, want := frozen.String(), strings.Replace(want, " 5|", " 3|", 1); got != want {
		t.Errorf("frozen text = %q, want %q", got, want)
	}
	if got := testing.AllocsPerRun(100, func() { _ = say("%s in %s: %d %v", "x", m.Spaces[3].Name, 300, JPN) }); got != 0 {
		t.Errorf("say allocates %v times; want 0", got)
	}
}

// TestTextMatchesSprintf: with or without fmt, a text with arguments reads
// exactly as fmt.Sprintf reads the same format and arguments (one without
// is its format as it is).
func TestTextMatchesSprintf(t *testing.T) {
	m := DefaultMap()
	mv := &convMover{f: NAT, op: Sweep}
	for _, tc := range []struct {
		format string
		args   []any
	}{
		{"plain", nil},
		{"%s moved %d %v from %s to %s.", []any{JPN, 3, Piece(2), m.Spaces[0].Name, m.Spaces[1].Name}},
		{"%v: 100%% of %d, %s", []any{mv, -7, evBox(1)}},
		{"cap%v then %d", []any{convCap(8), Faction(2)}},
		{"%d%%", []any{JPN}},
		{"%5d|%-4s|%x", []any{3, "ab", 255}},
		{"%s and %s", []any{"one"}},
		{"%s", []any{"one", 2}},
		{"%d trailing %", []any{1}},
		{"%v %v", []any{&convSpaces{m, []SpaceID{2, 3}}, (*convSpace)(&m.Spaces[4])}},
		{"%s/%v/%d/%v/%t/%v/%s/%v", []any{Rally, SAKind("tax"), SpaceID(5), SpaceID(6), true, false, Control(1), m.Spaces[0].Kind}},
	} {
		want := fmt.Sprintf(tc.format, tc.args...)
		if got := say(tc.format, tc.args...).String(); got != want {
			t.Errorf("say(%q).String() = %q, want %q", tc.format, got, want)
		}
	}
}

// TestTextBeyondItsInlineArguments: a text keeps its first arguments in
// itself and the rest apart, shared by its copies; it formats as Sprintf
// would, and freezing a live number among the rest leaves other copies
// reading it live.
func TestTextBeyondItsInlineArguments(t *testing.T) {
	n := 7
	q := say("%d %s %d %s %d %s %d %s %d %d", 1, "a", 2, "b", 3, "c", 4, "d", live(&n), 5)
	want := fmt.Sprintf("%d %s %d %s %d %s %d %s %d %d", 1, "a", 2, "b", 3, "c", 4, "d", 7, 5)
	if got := q.String(); got != want {
		t.Fatalf("%q, want %q", got, want)
	}
	frozen := q.frozen()
	n = 8
	if got := frozen.String(); got != want {
		t.Errorf("frozen: %q, want %q", got, want)
	}
	if got, want := q.String(), strings.Replace(want, " 7 ", " 8 ", 1); got != want {
		t.Errorf("live: %q, want %q", got, want)
	}
}
