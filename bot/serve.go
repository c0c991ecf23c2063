package bot

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Grace is how long a shutdown waits for the work under way: a board and a
// few messages take well under a second, but Discord can be slow.
const Grace = 30 * time.Second

// RunHTTP serves Discord's HTTP interactions endpoint on ln until ctx ends,
// then stops taking requests and finishes the work under way. With a bot
// token and register set it first registers the slash commands (in guild,
// or globally when guild is "").
func (b *Bot) RunHTTP(ctx context.Context, ln net.Listener, key ed25519.PublicKey, guild string, register bool) error {
	if len(key) != ed25519.PublicKeySize {
		ln.Close()
		return fmt.Errorf("the public key must be %d bytes, not %d", ed25519.PublicKeySize, len(key))
	}
	if register {
		if b.rest.Token == "" {
			b.log.Warn("no bot token: slash commands not registered; run once with DISCORD_TOKEN set to register them")
		} else if err := b.registerAsApp(guild); err != nil {
			ln.Close()
			return err
		}
	}
	srv := newServer(b.HTTPHandler(key))
	failed := make(chan error, 1)
	go func() { failed <- srv.Serve(limitConns(ln)) }()
	b.log.Info("serving the interactions endpoint", "addr", ln.Addr().String())
	select {
	case err := <-failed:
		return fmt.Errorf("interactions endpoint: %w", err)
	case <-ctx.Done():
	}
	b.log.Info("shutting down")
	stop, cancel := context.WithTimeout(context.Background(), Grace)
	defer cancel()
	// Stop taking requests (those being answered finish), then the work.
	err := srv.Shutdown(stop)
	if err := <-failed; !errors.Is(err, http.ErrServerClosed) {
		b.log.Error("interactions endpoint", "error", err)
	}
	return errors.Join(err, b.Shutdown(stop))
}

// registerAsApp registers the commands for the application the token
// belongs to.
func (b *Bot) registerAsApp(guild string) error {
	app, err := b.rest.Application("@me")
	if err != nil {
		return fmt.Errorf("finding the application: %w", err)
	}
	if err := b.Register(app.ID, guild); err != nil {
		return fmt.Errorf("registering slash commands: %w", err)
	}
	b.log.Info("slash commands registered", "application", app.ID, "guild", guild)
	return nil
}

// RunGateway connects to Discord's gateway with the REST session's token
// and handles interactions until ctx ends, then disconnects and finishes
// the work under way. It asks for no privileged intent: interactions come
// whatever the intents, and the bot reads no messages. discordgo
// reconnects on its own after network trouble. shard and shards split a
// large bot over processes (Discord requires it from 2,500 guilds); only
// shard 0 registers the commands.
func (b *Bot) RunGateway(ctx context.Context, guild string, register bool, shard, shards int) error {
	s := b.rest
	if s.Token == "" {
		return errors.New("the gateway needs a bot token")
	}
	s.Identify.Intents = discordgo.IntentsGuilds
	s.ShardID, s.ShardCount = shard, max(shards, 1)
	remove := s.AddHandler(b.OnInteractionCreate)
	defer remove()
	ready := s.AddHandler(func(s *discordgo.Session, r *discordgo.Ready) {
		b.log.Info("connected to the gateway", "user", r.User.Username, "guilds", len(r.Guilds), "shard", shard)
		if register && shard == 0 && r.Application != nil {
			if err := b.Register(r.Application.ID, guild); err != nil {
				b.log.Error("registering slash commands", "error", err)
			} else {
				b.log.Info("slash commands registered", "application", r.Application.ID, "guild", guild)
			}
		}
	})
	defer ready()
	if err := s.Open(); err != nil {
		return fmt.Errorf("connecting to the gateway: %w", err)
	}
	<-ctx.Done()
	b.log.Info("shutting down")
	stop, cancel := context.WithTimeout(context.Background(), Grace)
	defer cancel()
	// Close first so that no new interaction arrives, then finish the work:
	// it only needs REST, which works without the gateway.
	err := s.Close()
	return errors.Join(err, b.Shutdown(stop))
}
