// Command benchtable runs every benchmark in the module on one core and
// rewrites the table in docs/performance.md between its markers: each
// benchmark with its goal, the figures just measured and its floor.
//
// Run it from the module root:
//
//	go run ./render/internal/benchtable
//	go run ./render/internal/benchtable -pkgs ./render,./engine -benchtime 1x
//
// Benchmarks of packages not run keep the figures the table already has.
// It is a tool, not a test: nothing runs it in CI.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
)

const (
	doc   = "docs/performance.md"
	begin = "<!-- benchtable -->"
	end   = "<!-- /benchtable -->"
)

// target is what the performance work aims at for one benchmark: its goal
// and the floor beside it, the least the work could cost. A floor may name
// another benchmark in braces, "{render BenchmarkEncode}", for its first
// figure.
type target struct{ goal, floor string }

// targets are keyed by package directory and benchmark name.
var targets = map[string]target{
	"render BenchmarkBoard":               {"< 50 cpu-ms, PNG < 800 KB", "one PNG encode of 1.92 Mpx: {render BenchmarkFloorEncodeFlat}"},
	"render BenchmarkCloseUp":             {"< 20 cpu-ms", "one PNG encode of 0.64 Mpx: a third of {render BenchmarkFloorEncodeFlat}"},
	"render BenchmarkEncode":              {"", "flat image {render BenchmarkFloorEncodeFlat}; stdlib deflate {render BenchmarkFloorDeflateRaw}"},
	"render BenchmarkFloorEncodeFlat":     {"", "one PNG encode of 1.92 Mpx (itself a floor)"},
	"render BenchmarkFloorDeflateRaw":     {"", "one stdlib deflate of 7.7 MB (itself a floor)"},
	"bot BenchmarkClick":                  {"p50 1.5x lower; no snapshot load; drawing click p99 < 150 ms", ""},
	"bot BenchmarkBoard":                  {"p99 < 150 ms", "the render: {render BenchmarkBoard}"},
	"bot BenchmarkReminderPass":           {"< 50 cpu-ms at 10,000 games, first pass after a restart too", "the scheduler alone: {bot/remind BenchmarkPass10000}"},
	"engine BenchmarkDecision":            {"0-10 allocs/decision", ""},
	"engine/sim BenchmarkRandomGame1937":  {"< 5 ms (>= 200 games per CPU-second)", ""},
	"engine/sim BenchmarkRandomGame1938":  {"< 5 ms (>= 200 games per CPU-second)", ""},
	"engine/sim BenchmarkDecisionLatency": {"p99 < 25 µs", ""},
	"db BenchmarkApply":                   {"", "one fsync: %FSYNC%"},
	"db BenchmarkSnapshot":                {"the same at decision 1,000 as at 50", ""},
}

type row struct {
	pkg, name string
	latest    string
}

func main() {
	pkgs := flag.String("pkgs", "./...", "comma-separated packages whose benchmarks run")
	benchtime := flag.String("benchtime", "", "go test -benchtime (default 20x for render, 1x elsewhere)")
	flag.Parse()
	if err := run(strings.Split(*pkgs, ","), *benchtime); err != nil {
		log.Fatal(err)
	}
}

func run(pkgs []string, benchtime string) error {
	old, err := os.ReadFile(doc)
	if err != nil {
		return err
	}
	i, j := bytes.Index(old, []byte(begin)), bytes.Index(old, []byte(end))
	if i < 0 || j < i {
		return fmt.Errorf("%s: no %s ... %s markers", doc, begin, end)
	}
	previous := parseTable(string(old[i+len(begin) : j]))

	all, err := findBenchmarks(".")
	if err != nil {
		return err
	}
	measured := map[string]string{}
	dirs := map[string]bool{}
	for _, r := range all {
		dirs[r.pkg] = true
	}
	for _, dir := range sortedKeys(dirs) {
		if !selected(dir, pkgs) {
			continue
		}
		bt := benchtime
		if bt == "" {
			bt = "1x"
			if dir == "render" {
				bt = "20x"
			}
		}
		log.Printf("benchmarks of ./%s (-benchtime %s)", dir, bt)
		out, err := runBench(dir, bt)
		if err != nil {
			log.Printf("./%s: %v", dir, err)
		}
		for name, figures := range out {
			measured[dir+" "+name] = figures
		}
	}

	fsync := measureFsync()
	var b strings.Builder
	fmt.Fprintf(&b, "\n_Regenerated %s on one core (GOMAXPROCS=1). cpu-ms/op is CPU time; ns/op and\n"+
		"other times are wall time, which a loaded machine inflates._\n\n", time.Now().UTC().Format("2006-01-02 15:04 MST"))
	b.WriteString("| Package | Benchmark | Goal | Latest | Floor |\n|---|---|---|---|---|\n")
	for _, r := range all {
		key := r.pkg + " " + r.name
		latest, ok := measured[key]
		if !ok {
			latest, ok = previous[key]
		}
		if !ok {
			latest = "not measured in this run"
		}
		t := targets[key]
		floor := strings.ReplaceAll(t.floor, "%FSYNC%", fsync)
		floor = ref.ReplaceAllStringFunc(floor, func(m string) string {
			k := m[1 : len(m)-1]
			v, ok := measured[k]
			if !ok {
				v = previous[k]
			}
			v, _, _ = strings.Cut(v, ",")
			return dash(v)
		})
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", r.pkg, strings.TrimPrefix(r.name, "Benchmark"), dash(t.goal), latest, dash(floor))
	}
	var out bytes.Buffer
	out.Write(old[:i+len(begin)])
	out.WriteString(b.String())
	out.Write(old[j:])
	return os.WriteFile(doc, out.Bytes(), 0o644)
}

func dash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// ref is a floor's reference to another benchmark's first figure.
var ref = regexp.MustCompile(`\{[\w/]+ Benchmark\w+\}`)

var benchFunc = regexp.MustCompile(`(?m)^func (Benchmark\w+)\(`)

// findBenchmarks lists every benchmark under root, by package directory.
func findBenchmarks(root string) ([]row, error) {
	var rows []row
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range benchFunc.FindAllSubmatch(src, -1) {
			rows = append(rows, row{pkg: filepath.ToSlash(filepath.Dir(path)), name: string(m[1])})
		}
		return nil
	})
	sort.Slice(rows, func(a, b int) bool {
		if rows[a].pkg != rows[b].pkg {
			return rows[a].pkg < rows[b].pkg
		}
		return rows[a].name < rows[b].name
	})
	return rows, err
}

func selected(dir string, pkgs []string) bool {
	for _, p := range pkgs {
		p = strings.TrimPrefix(strings.TrimSpace(p), "./")
		if p == "..." || p == dir || strings.HasSuffix(p, "/...") && strings.HasPrefix(dir+"/", strings.TrimSuffix(p, "...")) {
			return true
		}
	}
	return false
}

// runBench runs one package's benchmarks and returns each one's figures.
func runBench(dir, benchtime string) (map[string]string, error) {
	cmd := exec.Command("go", "test", "./"+dir, "-run", "^$", "-bench", ".", "-benchtime", benchtime, "-benchmem", "-count", "1")
	cmd.Env = append(os.Environ(), "GOMAXPROCS=1")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	res := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		name := f[0] // at GOMAXPROCS=1, without a -N suffix
		// Sub-benchmarks share their parent's row.
		if parent, sub, ok := strings.Cut(name, "/"); ok {
			line := sub + ": " + figures(f[2:])
			if res[parent] != "" {
				line = res[parent] + "; " + line
			}
			res[parent] = line
			continue
		}
		res[name] = figures(f[2:])
	}
	return res, err
}

// figures formats a benchmark line's value-unit pairs, CPU time first.
func figures(f []string) string {
	var first, rest []string
	for k := 0; k+1 < len(f); k += 2 {
		v, unit := f[k], f[k+1]
		s := v + " " + unit
		switch unit {
		case "cpu-ms/op":
			first = append([]string{s}, first...)
		case "ns/op":
			first = append(first, s)
		default:
			rest = append(rest, s)
		}
	}
	return strings.Join(append(first, rest...), ", ")
}

// parseTable reads the figures of an existing table by package and name.
func parseTable(s string) map[string]string {
	res := map[string]string{}
	for _, line := range strings.Split(s, "\n") {
		c := strings.Split(line, "|")
		if len(c) != 7 {
			continue
		}
		pkg, name, latest := strings.TrimSpace(c[1]), strings.TrimSpace(c[2]), strings.TrimSpace(c[4])
		if pkg == "Package" || strings.HasPrefix(pkg, "---") || latest == "not measured in this run" {
			continue
		}
		res[pkg+" Benchmark"+name] = latest
	}
	return res
}

// measureFsync times a small write and fsync in the temporary directory,
// the floor of a durable commit: the median of 21.
func measureFsync() string {
	f, err := os.CreateTemp("", "benchtable")
	if err != nil {
		return "not measured"
	}
	defer os.Remove(f.Name())
	defer f.Close()
	var took []time.Duration
	for range 21 {
		start := time.Now()
		if _, err := f.Write(make([]byte, 4096)); err != nil {
			return "not measured"
		}
		if err := f.Sync(); err != nil {
			return "not measured"
		}
		took = append(took, time.Since(start))
	}
	sort.Slice(took, func(a, b int) bool { return took[a] < took[b] })
	return fmt.Sprintf("%.2f ms wall (median)", float64(took[len(took)/2].Microseconds())/1000)
}

func sortedKeys(m map[string]bool) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
