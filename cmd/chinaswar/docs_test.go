package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestDocCommands runs every command the README and docs/*.md show, as a
// reader following a document from the top would, and fails if any step is
// refused. So an example can never drift from the product.
//
// Fenced code blocks are read by their info string (the word after ```):
//
//   - ``` (none), ```sh, ```shell: commands, one per line. A "# comment"
//     after a command is ignored; "export NAME=VALUE" sets the environment
//     for the rest of the document.
//   - ```script: lines typed at the console. Such a block is the file that
//     a "play --script FILE" command of the same document reads (the
//     block's first line is the comment "# FILE"), and so runs through the
//     real console.
//   - a "file=NAME" word after the language (```json file=position.json)
//     makes any block the file NAME that a command of the document reads.
//   - anything else (```json, ```text, ...): not commands: file formats,
//     samples of output or of Discord messages.
//
// The files of a document are written before its commands run, and each
// must be named by one of them.
//
// Commands are run like this:
//
//   - "go run ./cmd/chinaswar ARGS" and "chinaswar ARGS": the subcommand,
//     in-process, in a directory of the document's own (so chinaswar.db
//     and the files one command writes are there for the next, and a game
//     saved by one command may be resumed by another, as for a reader).
//     It must exit with status 0, print no refusal ("! ...") and not
//     ignore its flags by resuming a game. An interactive play gets
//     "status" and "quit" on its input. serve's flags are only parsed and
//     checked (no network).
//   - "go test ARGS": must be the test command CI runs (.ci/run), or narrow
//     it with flags, on packages that exist.
//   - "go build" and "go install": the packages must exist.
//   - anything else fails: mark the block as not commands.
func TestDocCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the documents' simulations and renders (seconds to a minute)")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	ci, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	docs = append([]string{filepath.Join(root, "README.md")}, docs...)
	ran := 0
	for _, path := range docs {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			ran += runDoc(t, root, string(ci), parseBlocks(t, string(data)))
		})
	}
	if ran < 10 {
		t.Errorf("only %d commands found in the documents: is the parsing broken?", ran)
	}
}

// block is one fenced code block of a document.
type block struct {
	info  string // the word after ```
	line  int    // line number of the opening fence
	lines []string
}

func parseBlocks(t *testing.T, doc string) []block {
	t.Helper()
	var out []block
	var cur *block
	sc := bufio.NewScanner(strings.NewReader(doc))
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		fence := strings.HasPrefix(strings.TrimSpace(l), "```")
		switch {
		case fence && cur == nil:
			cur = &block{info: strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "```")), line: n}
		case fence:
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			cur.lines = append(cur.lines, l)
		}
	}
	if cur != nil {
		t.Fatalf("the code block opened at line %d is never closed", cur.line)
	}
	return out
}

// runDoc runs a document's command blocks in order in a fresh directory and
// returns how many commands it ran.
func runDoc(t *testing.T, root, ci string, blocks []block) int {
	t.Chdir(t.TempDir())
	files := map[string]string{} // file name -> content
	for i, b := range blocks {
		lang, attrs, _ := strings.Cut(b.info, " ")
		blocks[i].info = lang
		name := ""
		for _, a := range strings.Fields(attrs) {
			if f, ok := strings.CutPrefix(a, "file="); ok {
				name = f
			}
		}
		if lang == "script" && name == "" {
			if len(b.lines) > 0 && strings.HasPrefix(b.lines[0], "#") {
				name = strings.TrimSpace(strings.TrimPrefix(b.lines[0], "#"))
			}
			if name == "" || strings.Contains(name, " ") {
				t.Fatalf("line %d: a script block starts with a comment naming its file, e.g. \"# moves.txt\"", b.line+1)
			}
		}
		if name != "" {
			files[name] = strings.Join(b.lines, "\n") + "\n"
			if err := os.WriteFile(name, []byte(files[name]), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	used := map[string]bool{}
	ran := 0
	for _, b := range blocks {
		switch b.info {
		case "", "sh", "shell":
		default:
			continue
		}
	lines:
		for i, l := range b.lines {
			args := shellWords(t, l)
			if len(args) == 0 {
				continue
			}
			where := fmt.Sprintf("line %d: %s", b.line+1+i, strings.TrimSpace(l))
			ran++
			switch {
			case args[0] == "export" && len(args) == 2 && strings.Contains(args[1], "="):
				k, v, _ := strings.Cut(args[1], "=")
				t.Setenv(k, v)
			case args[0] == "chinaswar":
				runChinaswar(t, where, root, args[1:], used)
			case len(args) > 2 && args[0] == "go" && args[1] == "run" && args[2] == "./cmd/chinaswar":
				runChinaswar(t, where, root, args[3:], used)
			case len(args) > 1 && args[0] == "go" && args[1] == "test":
				checkGoTest(t, where, root, ci, args)
			case len(args) > 1 && args[0] == "go" && (args[1] == "build" || args[1] == "install"):
				checkPackages(t, where, root, args[2:])
			default:
				t.Errorf("%s: not a command this test knows; if the block is not commands, tag it (```text)", where)
				break lines
			}
		}
	}
	for f := range files {
		if !used[f] {
			t.Errorf("file %s is named by no command", f)
		}
	}
	return ran
}

// placeholders stand for values a reader supplies; the test supplies
// well-formed ones so the flags can be checked.
var placeholders = map[string]string{
	"...":                "test-token",
	"APP_PUBLIC_KEY_HEX": strings.Repeat("0", 64),
	"0123abcd...":        strings.Repeat("0", 64),
	"SERVER_ID":          "123456789012345678",
}

func runChinaswar(t *testing.T, where, root string, args []string, used map[string]bool) {
	t.Helper()
	if len(args) == 0 {
		t.Errorf("%s: names no subcommand", where)
		return
	}
	args = slices.Clone(args)
	for i, a := range args {
		if v, ok := placeholders[a]; ok {
			args[i] = v
		}
	}
	if args[0] == "serve" {
		if os.Getenv("DISCORD_TOKEN") == "..." {
			t.Setenv("DISCORD_TOKEN", placeholders["..."])
		}
		if _, err := parseServe(args[1:]); err != nil {
			t.Errorf("%s: %v", where, err)
		}
		return
	}
	for i, a := range args {
		if _, err := os.Stat(a); err == nil {
			used[a] = true // a file of the document's
		}
		if (a == "--deck" || a == "-deck") && i+1 < len(args) {
			// A replacement deck: a copy of the stand-in deck's file, as a
			// reader would start one; one more byte makes it another deck,
			// which is played in memory.
			deck, err := os.ReadFile(filepath.Join(root, "assets", "deck.json"))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(args[i+1], append(deck, '\n'), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	input := ""
	if args[0] == "play" && !slices.Contains(args, "--script") {
		input = "status\nquit\n"
	}
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(input), &out, &errOut)
	if code != 0 {
		t.Errorf("%s: exit status %d\n%s%s", where, code, tail(out.String()), errOut.String())
		return
	}
	for _, refused := range []string{"\n! ", "apply only to a new game"} {
		if strings.Contains(out.String()+errOut.String(), refused) {
			t.Errorf("%s: refused a step (%q):\n%s%s", where, strings.TrimSpace(refused), tail(out.String()), errOut.String())
		}
	}
}

// checkGoTest accepts the test command CI runs and narrowings of it.
func checkGoTest(t *testing.T, where, root, ci string, args []string) {
	t.Helper()
	line := strings.Join(args, " ")
	for _, l := range strings.Split(ci, "\n") {
		if strings.TrimSpace(l) == line {
			return
		}
	}
	narrowing := map[string]bool{"-short": false, "-v": false, "-bench": true, "-run": true, "-count": true, "-benchtime": true}
	var pkgs []string
	for i := 2; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") {
			pkgs = append(pkgs, a)
			continue
		}
		takesValue, ok := narrowing[a]
		if !ok {
			t.Errorf("%s: %s is not in .ci/run, and %s does not only narrow it", where, line, a)
			return
		}
		if takesValue {
			i++
		}
	}
	if !strings.Contains(ci, "go test ./...") {
		t.Errorf("%s: .ci/run does not run go test ./..., which this narrows", where)
	}
	checkPackages(t, where, root, pkgs)
}

// checkPackages checks that package patterns name directories with Go files.
func checkPackages(t *testing.T, where, root string, args []string) {
	t.Helper()
	n := 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "-o" {
			i++
			continue
		}
		if strings.HasPrefix(a, "-") {
			continue
		}
		n++
		dir := filepath.Join(root, strings.TrimSuffix(a, "..."))
		if m, _ := filepath.Glob(filepath.Join(dir, "*.go")); len(m) == 0 && !strings.HasSuffix(a, "...") {
			t.Errorf("%s: package %s has no Go files", where, a)
		} else if _, err := os.Stat(dir); err != nil {
			t.Errorf("%s: package %s: %v", where, a, err)
		}
	}
	if n == 0 {
		t.Errorf("%s: names no package", where)
	}
}

// shellWords splits a command line as sh would for these documents: words,
// single and double quotes, and a comment from an unquoted " #".
func shellWords(t *testing.T, line string) []string {
	t.Helper()
	var words []string
	var cur strings.Builder
	inWord := false
	var quote rune
	for i, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '"' || r == '\'':
			quote, inWord = r, true
		case r == '#' && !inWord && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t'):
			return append(words, flush(&cur, inWord)...)
		case r == ' ' || r == '\t':
			words = append(words, flush(&cur, inWord)...)
			inWord = false
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		t.Fatalf("unclosed quote in %q", line)
	}
	return append(words, flush(&cur, inWord)...)
}

func flush(b *strings.Builder, inWord bool) []string {
	if !inWord {
		return nil
	}
	w := b.String()
	b.Reset()
	return []string{w}
}

func tail(s string) string {
	if len(s) > 2000 {
		return "…" + s[len(s)-2000:]
	}
	return s
}
