// Command chinaswar runs China's War 1937-41: a console game, the random-play
// simulator, board rendering, storage tools and (later) the Discord bot.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
)

// subcommands maps each subcommand to its entry point and a one-line summary.
var subcommands = map[string]struct {
	run  func(args []string) error
	help string
}{
	"play":   {playCmd, "play a game in the terminal (hot-seat or scripted)"},
	"sim":    {simCmd, "play random games and check the engine's invariants"},
	"arena":  {arenaCmd, "measure AI players against a field, seat by seat, on paired seeds"},
	"render": {renderCmd, "draw a board position to a PNG file"},
	"replay": {replayCmd, "re-run stored games under the current rules and report divergence"},
	"backup": {backupCmd, "copy the database with SQLite's online backup"},
	"serve":  {serveCmd, "run the Discord bot (see docs/discord.md)"},
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: chinaswar <command> [flags]\n\ncommands:")
	var names []string
	for n := range subcommands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(os.Stderr, "  %-8s %s\n", n, subcommands[n].help)
	}
	fmt.Fprintln(os.Stderr, "\nRun 'chinaswar <command> -h' for its flags.")
}

func main() {
	if len(os.Args) < 2 {
		usage()
		os.Exit(2)
	}
	cmd, ok := subcommands[os.Args[1]]
	if !ok {
		if a := strings.TrimLeft(os.Args[1], "-"); a == "h" || a == "help" {
			usage()
			return
		}
		fmt.Fprintf(os.Stderr, "chinaswar: unknown command %q\n\n", os.Args[1])
		usage()
		os.Exit(2)
	}
	if err := cmd.run(os.Args[2:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return
		}
		fmt.Fprintf(os.Stderr, "chinaswar %s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
}
