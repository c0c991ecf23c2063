// Command chinaswar runs China's War 1937-41: a console game, the random-play
// simulator, board rendering, storage tools and the Discord bot.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// subcommands maps each subcommand to its entry point and a one-line summary.
var subcommands = map[string]struct {
	run  func(args []string) error
	help string
}{
	"play":    {playCmd, "play a game in the terminal (hot-seat or scripted)"},
	"sim":     {simCmd, "play random games and check the engine's invariants"},
	"arena":   {arenaCmd, "measure AI players against a field, seat by seat, on paired seeds"},
	"render":  {renderCmd, "draw a board position to a PNG file"},
	"replay":  {replayCmd, "re-run stored games under the current rules and report divergence"},
	"backup":  {backupCmd, "copy the database with SQLite's online backup"},
	"migrate": {migrateCmd, "bring the database's schema up to date (serve does it too)"},
	"serve":   {serveCmd, "run the Discord bot (see docs/discord.md)"},
}

// The streams subcommands read and write. run points them at its arguments,
// so the whole binary can be driven in-process (the README's commands are
// tests); they are the process's own streams otherwise.
var (
	stdin  io.Reader = os.Stdin
	stdout io.Writer = os.Stdout
	stderr io.Writer = os.Stderr
)

func usage() {
	fmt.Fprintln(stderr, "usage: chinaswar <command> [flags]\n\ncommands:")
	var names []string
	for n := range subcommands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(stderr, "  %-8s %s\n", n, subcommands[n].help)
	}
	fmt.Fprintln(stderr, "\nRun 'chinaswar <command> -h' for its flags.")
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs the command line args (without the program name) with the given
// streams and returns the exit status. Calls must not overlap: the streams
// are the package's.
func run(args []string, in io.Reader, out, errOut io.Writer) int {
	stdin, stdout, stderr = in, out, errOut
	defer func() { stdin, stdout, stderr = os.Stdin, os.Stdout, os.Stderr }()
	if len(args) < 1 {
		usage()
		return 2
	}
	cmd, ok := subcommands[args[0]]
	if !ok {
		if a := strings.TrimLeft(args[0], "-"); a == "h" || a == "help" {
			usage()
			return 0
		}
		fmt.Fprintf(stderr, "chinaswar: unknown command %q\n\n", args[0])
		usage()
		return 2
	}
	if err := cmd.run(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		fmt.Fprintf(stderr, "chinaswar %s: %v\n", args[0], err)
		return 1
	}
	return 0
}
