package engine

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// maxFuncLines is the longest a function of the engine may be, counted from
// its func keyword to its closing brace, unless its doc comment has a
// paragraph beginning with longFuncMarker that says why.
const (
	maxFuncLines   = 150
	longFuncMarker = "Long function:"
)

// longFuncs lists the functions of a file longer than maxFuncLines whose doc
// comment gives no reason.
func longFuncs(fset *token.FileSet, f *ast.File) []string {
	var out []string
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
		if n <= maxFuncLines || hasLongReason(fd.Doc) {
			continue
		}
		name := fd.Name.Name
		if fd.Recv != nil && len(fd.Recv.List) > 0 {
			t := fd.Recv.List[0].Type
			if s, ok := t.(*ast.StarExpr); ok {
				t = s.X
			}
			if id, ok := t.(*ast.Ident); ok {
				name = id.Name + "." + name
			}
		}
		out = append(out, fmt.Sprintf("%s: %s is %d lines", fset.Position(fd.Pos()), name, n))
	}
	return out
}

// hasLongReason reports whether a doc comment has a line beginning with the
// marker followed by an actual reason.
func hasLongReason(doc *ast.CommentGroup) bool {
	if doc == nil {
		return false
	}
	for line := range strings.SplitSeq(doc.Text(), "\n") {
		if why, ok := strings.CutPrefix(line, longFuncMarker); ok && len(strings.Fields(why)) >= 3 {
			return true
		}
	}
	return false
}

// TestFunctionLength keeps the engine's functions short enough to read: a
// longer one must say why in its doc comment.
func TestFunctionLength(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, msg := range longFuncs(fset, f) {
			t.Errorf("%s: split it, or give the reason in its doc comment (%q)", msg, longFuncMarker)
		}
	}
	if checked < 20 {
		t.Fatalf("checked %d files; the test is not looking at the engine's sources", checked)
	}
}

// TestLongFuncsCheck shows the check fails a long function without a reason
// and accepts one with a reason.
func TestLongFuncsCheck(t *testing.T) {
	body := strings.Repeat("\tx++\n", maxFuncLines-2)
	cases := []struct {
		name string
		doc  string
		body string
		want int
	}{
		{"short", "// short is short.\n", "\tx++\n", 0},
		{"at the limit", "// f is long.\n", body, 0},
		{"over the limit", "// f is long.\n", body + "\tx++\n", 1},
		{"no doc", "", body + "\tx++\n", 1},
		{"marker without reason", "// f is long.\n//\n// " + longFuncMarker + " yes.\n", body + "\tx++\n", 1},
		{"marker with reason", "// f is long.\n//\n// " + longFuncMarker + " it is one table of cases.\n", body + "\tx++\n", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := "package p\n\nvar x int\n\n" + c.doc + "func f() {\n" + c.body + "}\n"
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			if got := longFuncs(fset, f); len(got) != c.want {
				t.Errorf("got %v, want %d findings", got, c.want)
			}
		})
	}
}
