package ai

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The AI plays fair only if it never looks at what the players cannot see.
// The real game holds the generator's state and the order of the draw deck;
// the AI may reach games only through Determinize, Prompt, Do, State's
// visible fields and the Map and card definitions. So this package must not
// name the hidden fields or any way to copy the real game whole.
var (
	// forbiddenFields may not be read or written (selector not called).
	forbiddenFields = map[string]string{
		"RNG":     "the generator's state: every future die",
		"Deck":    "the draw deck's order (the card definitions are Game.Deck(), a call)",
		"Removed": "the Events removed unseen in 1938",
	}
	// forbiddenCalls may not be called (or named) at all.
	forbiddenCalls = map[string]string{
		"Clone":                "a copy of the real game knows its future",
		"MarshalJSON":          "a save holds the deck order and the generator",
		"Load":                 "a restored save holds the deck order and the generator",
		"StepStart":            "a copy of the state including hidden fields",
		"CardsUntilPropaganda": "where the next Propaganda card sits",
	}
	forbiddenImports = map[string]string{
		"reflect":       "reads unexported and hidden fields",
		"unsafe":        "reads memory",
		"encoding/json": "serialises the game with its hidden fields",
		"encoding/gob":  "serialises the game with its hidden fields",
	}
)

// violations lists the uses of hidden information in one source file.
func violations(fset *token.FileSet, f *ast.File) []string {
	var out []string
	// Package names: engine.Deck is the type of the card definitions and
	// slices.Clone copies a slice; neither is a game's hidden field.
	pkgs := map[string]string{}
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		name := path[strings.LastIndex(path, "/")+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		pkgs[name] = path
		if why := forbiddenImports[path]; why != "" {
			out = append(out, fset.Position(imp.Pos()).String()+": imports "+path+": "+why)
		}
	}
	called := map[*ast.SelectorExpr]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok {
				called[sel] = true
			}
		}
		return true
	})
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		name := sel.Sel.Name
		if id, ok := sel.X.(*ast.Ident); ok && pkgs[id.Name] != "" {
			if path := pkgs[id.Name]; strings.HasSuffix(path, "/engine") && name == "Load" {
				out = append(out, fset.Position(sel.Pos()).String()+": uses Load: "+forbiddenCalls[name])
			}
			return true
		}
		if why, bad := forbiddenCalls[name]; bad {
			out = append(out, fset.Position(sel.Pos()).String()+": uses "+name+": "+why)
		}
		if why, bad := forbiddenFields[name]; bad && !called[sel] {
			out = append(out, fset.Position(sel.Pos()).String()+": reads ."+name+": "+why)
		}
		return true
	})
	return out
}

// TestAIReadsNoHiddenInformation checks every file of the package.
func TestAIReadsNoHiddenInformation(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no source files: %v", err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if name == "arch_test.go" {
			continue // names the forbidden identifiers to forbid them
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range violations(fset, f) {
			t.Error(v)
		}
	}
}

// TestArchCheckCatches shows the check finds what it must.
func TestArchCheckCatches(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`x := g.State().RNG`, "reads .RNG"},
		{`x := g.State().Deck[0]`, "reads .Deck"},
		{`x := s.Removed`, "reads .Removed"},
		{`h := g.Clone()`, "uses Clone"},
		{`b, _ := g.MarshalJSON()`, "uses MarshalJSON"},
		{`h, _ := engine.Load(b, nil)`, "uses Load"},
		{`n := s.CardsUntilPropaganda(d)`, "uses CardsUntilPropaganda"},
		{`f := g.Clone`, "uses Clone"},
		{`d := g.Deck()`, ""},
		{`h, _ := g.Determinize(1)`, ""},
		{`x := slices.Clone(a)`, ""},
		{`var x *engine.Deck`, ""},
	} {
		src := "package p\nimport (\"slices\"; \"github.com/chinaswar/chinaswar/engine\")\nfunc f() {\n" + tc.src + "\n_ = x\n}\n"
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "x.go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Join(violations(fset, f), "; ")
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("%s: got %q, want %q", tc.src, got, tc.want)
		}
	}
	fset := token.NewFileSet()
	f, _ := parser.ParseFile(fset, "x.go", "package p\nimport \"reflect\"\n", 0)
	if v := violations(fset, f); len(v) != 1 {
		t.Errorf("import reflect: %v", v)
	}
}
