package main

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/bot"
	"github.com/chinaswar/chinaswar/bot/remind"
	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/render"
	"github.com/chinaswar/chinaswar/render/chart"
)

// serveCmd runs the Discord bot: over the gateway with DISCORD_TOKEN, or as
// an HTTP interactions endpoint with --http and --public-key. It stops on
// SIGINT or SIGTERM after finishing the interactions under way.
func serveCmd(args []string) error {
	o, err := parseServe(args)
	if err != nil {
		return err
	}
	var handler slog.Handler = slog.NewTextHandler(stderr, nil)
	if o.logJSON {
		handler = slog.NewJSONHandler(stderr, nil)
	}
	logger := slog.New(handler)
	store, err := db.Open(o.dbPath)
	if err != nil {
		return err
	}
	defer store.Close()
	auth := ""
	if o.token != "" {
		auth = "Bot " + o.token
	}
	rest, err := discordgo.New(auth)
	if err != nil {
		return err
	}
	board := func(g *engine.Game, highlight []engine.SpaceID, focus *engine.SpaceID) ([]byte, error) {
		return render.Board(g, render.Options{Highlight: highlight, Focus: focus})
	}
	b, err := bot.New(bot.Config{Store: store, REST: rest, Board: board, Charts: chart.Drawer{}, Log: logger})
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// A game's end is recorded with its last decision; its announcement
	// comes after and may have been lost to a crash or a Discord failure.
	if err := b.AnnounceEnded(ctx); err != nil {
		logger.Error("announcing ended games", "error", err)
	}
	// Games left waiting on an AI seat by a restart go on.
	if err := b.ResumeAI(ctx); err != nil {
		logger.Error("resuming AI seats", "error", err)
	}
	stopReminders, err := startReminders(b, o, logger)
	if err != nil {
		return err
	}
	defer stopReminders()
	if o.addr != "" {
		ln, err := net.Listen("tcp", o.addr)
		if err != nil {
			return err
		}
		err = b.RunHTTP(ctx, ln, o.key, o.guild, !o.noRegister)
		if errors.Is(err, context.Canceled) {
			err = nil
		}
		return err
	}
	return b.RunGateway(ctx, o.guild, !o.noRegister, o.shard, o.shards)
}

// remindersOff is the start-up line of a bot that cannot post reminders.
const remindersOff = "reminders are off: reminders, escalations and deadline Passes are posted with the bot token, and none is set; set DISCORD_TOKEN to turn them on (docs/reminders.md)"

// startReminders runs a reminder pass every minute; each finds what is due
// in the store, so a restart or a second process loses or doubles nothing.
// Reminders are posted with the bot token: an HTTP endpoint without one
// would have every post refused (401), and a deadline Pass nobody sees, so
// it runs without reminders and says so once. It returns what stops them.
func startReminders(b *bot.Bot, o serveOptions, logger *slog.Logger) (stop func(), err error) {
	if o.token == "" {
		logger.Warn(remindersOff)
		return func() {}, nil
	}
	reminders, err := b.Reminders().Cron("* * * * *", func(sum remind.Summary, err error) {
		if err != nil {
			logger.Error("reminder pass", "error", err)
		}
		if sum.Reminded+sum.Escalated+sum.Passed+sum.PlayedAI > 0 {
			logger.Info("reminder pass", "waiting", sum.Waiting, "reminded", sum.Reminded, "escalated", sum.Escalated, "passed", sum.Passed, "played_ai", sum.PlayedAI)
		}
	})
	if err != nil {
		return nil, err
	}
	// And a game whose turn message could not be posted gets one.
	if _, err := reminders.AddFunc("* * * * *", func() {
		if err := b.PostMissingTurns(context.Background()); err != nil {
			logger.Error("posting missing turn messages", "error", err)
		}
		if err := b.ResumeAI(context.Background()); err != nil {
			logger.Error("resuming AI seats", "error", err)
		}
	}); err != nil {
		return nil, err
	}
	reminders.Start()
	return func() { <-reminders.Stop().Done() }, nil
}

// serveOptions is a checked serve command line.
type serveOptions struct {
	dbPath, addr, guild string
	noRegister, logJSON bool
	shard, shards       int
	key                 ed25519.PublicKey
	token               string
}

// parseServe reads and checks serve's flags and environment without
// connecting to anything.
func parseServe(args []string) (serveOptions, error) {
	var o serveOptions
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dbPath := dbFlag(fs)
	fs.StringVar(&o.addr, "http", "", "serve Discord's HTTP interactions endpoint on this address (e.g. :8080) instead of using the gateway")
	pub := fs.String("public-key", os.Getenv("DISCORD_PUBLIC_KEY"), "the application's public key in hex, for --http (default $DISCORD_PUBLIC_KEY)")
	fs.StringVar(&o.guild, "guild", "", "register the slash commands in this guild only, which is instant (for testing), instead of globally")
	fs.BoolVar(&o.noRegister, "no-register", false, "do not register the slash commands at start")
	fs.IntVar(&o.shard, "shard", 0, "gateway shard of this process (0-based)")
	fs.IntVar(&o.shards, "shards", 1, "number of gateway shards (needed from 2,500 guilds)")
	fs.IntVar(&o.shard, "shard-id", 0, "the same as --shard")
	fs.IntVar(&o.shards, "shard-count", 1, "the same as --shards")
	fs.BoolVar(&o.logJSON, "log-json", false, "log JSON lines instead of text")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	o.dbPath = *dbPath
	o.token = os.Getenv("DISCORD_TOKEN")
	const docs = "see docs/discord.md"
	switch {
	case o.addr == "" && o.token == "":
		return o, fmt.Errorf("nothing to connect with: set DISCORD_TOKEN to the bot token to use the gateway, or run with --http ADDR --public-key HEX for an HTTP interactions endpoint (%s)", docs)
	case o.addr != "":
		if *pub == "" {
			return o, fmt.Errorf("--http needs the application's public key: --public-key HEX or DISCORD_PUBLIC_KEY (%s)", docs)
		}
		k, err := hex.DecodeString(*pub)
		if err != nil || len(k) != ed25519.PublicKeySize {
			return o, fmt.Errorf("--public-key must be %d bytes in hex, as the Developer Portal shows it (%s)", ed25519.PublicKeySize, docs)
		}
		o.key = k
	}
	if o.shards < 1 || o.shard < 0 || o.shard >= o.shards {
		return o, fmt.Errorf("--shard must be from 0 to --shards minus 1")
	}
	return o, nil
}
