// Package pgtest runs a throwaway PostgreSQL server for tests: one cluster
// per test binary, one database per test. It needs the server binaries
// (initdb, pg_ctl); without them Start returns ErrUnavailable and the tests
// that need a server skip with Hint.
package pgtest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
)

// ErrUnavailable: no PostgreSQL server binaries on this machine.
var ErrUnavailable = errors.New("no PostgreSQL server binaries")

// Hint is the line a test prints when it skips for want of a server.
const Hint = "PostgreSQL tests skipped: no server binaries in /usr/lib/postgresql/*/bin (install the postgresql package, e.g. apt-get install -y postgresql, or set CHINASWAR_PG_BIN to the directory of initdb)"

// Bin returns the directory of the newest PostgreSQL server binaries, ""
// when there are none. CHINASWAR_PG_BIN names one explicitly.
func Bin() string {
	if dir := os.Getenv("CHINASWAR_PG_BIN"); dir != "" {
		return dir
	}
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	sort.Slice(found, func(i, j int) bool { return version(found[i]) > version(found[j]) })
	if len(found) == 0 {
		return ""
	}
	return filepath.Dir(found[0])
}

func version(initdb string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(initdb))))
	return v
}

// Server is a running PostgreSQL cluster in a temporary directory.
type Server struct {
	bin, dir string
	port     int
	admin    *sql.DB
	asUser   []string // runs a server binary as the cluster's owner
	durable  bool
	next     atomic.Int64
	stopOnce sync.Once
}

// Start creates and starts a cluster that trusts local connections, with
// fsync off: it is for tests, and a crash of the machine may lose it.
func Start() (*Server, error) { return start(false) }

// StartDurable is Start with the server's defaults for durability (fsync,
// synchronous commits), for benchmarks of durable writes.
func StartDurable() (*Server, error) { return start(true) }

func start(durable bool) (*Server, error) {
	bin := Bin()
	if bin == "" {
		return nil, ErrUnavailable
	}
	if _, err := os.Stat(filepath.Join(bin, "pg_ctl")); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	dir, err := os.MkdirTemp("", "chinaswar-pg-")
	if err != nil {
		return nil, err
	}
	s := &Server{bin: bin, dir: dir, durable: durable}
	// The server refuses to run as root: run it as the postgres user,
	// which owns the directory.
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("running as root needs a postgres user: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		s.asUser = []string{"runuser", "-u", "postgres", "--"}
	}
	if err := s.start(); err != nil {
		s.Stop()
		return nil, err
	}
	return s, nil
}

func (s *Server) start() error {
	data := filepath.Join(s.dir, "data")
	if out, err := s.run("initdb", "-D", data, "-A", "trust", "-U", "test", "--no-sync", "-E", "UTF8", "--locale=C"); err != nil {
		return fmt.Errorf("initdb: %v: %s", err, out)
	}
	port, err := freePort()
	if err != nil {
		return err
	}
	s.port = port
	opts := fmt.Sprintf("-c listen_addresses=127.0.0.1 -p %d -k %s -c max_connections=300", port, s.dir)
	if !s.durable {
		opts += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
	}
	if out, err := s.run("pg_ctl", "-D", data, "-w", "-t", "60", "-l", filepath.Join(s.dir, "log"), "-o", opts, "start"); err != nil {
		log, _ := os.ReadFile(filepath.Join(s.dir, "log"))
		return fmt.Errorf("pg_ctl start: %v: %s%s", err, out, log)
	}
	s.admin, err = sql.Open("pgx", s.url("postgres"))
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return s.admin.PingContext(ctx)
}

func (s *Server) run(name string, args ...string) ([]byte, error) {
	argv := append(append(append([]string{}, s.asUser...), filepath.Join(s.bin, name)), args...)
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = s.dir
	return cmd.CombinedOutput()
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func (s *Server) url(db string) string {
	return fmt.Sprintf("postgres://test@127.0.0.1:%d/%s?sslmode=disable", s.port, db)
}

// NewDatabase creates an empty database and returns its URL.
func (s *Server) NewDatabase(ctx context.Context) (string, error) {
	name := fmt.Sprintf("test%d_%d", os.Getpid(), s.next.Add(1))
	if _, err := s.admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		return "", fmt.Errorf("create database: %w", err)
	}
	return s.url(name), nil
}

// Stop stops the server and removes its directory.
func (s *Server) Stop() {
	s.stopOnce.Do(func() {
		if s.admin != nil {
			s.admin.Close()
		}
		if s.port != 0 {
			s.run("pg_ctl", "-D", filepath.Join(s.dir, "data"), "-m", "immediate", "-w", "stop")
		}
		os.RemoveAll(s.dir)
	})
}

// Copy creates a new database holding what the database at url holds, and
// returns its URL. Nothing may be connected to the original: connections
// closed a moment ago are waited for.
func (s *Server) Copy(ctx context.Context, url string) (string, error) {
	i := strings.LastIndexByte(url, '/')
	j := strings.IndexByte(url, '?')
	if i < 0 || j < i {
		return "", fmt.Errorf("copy database: cannot read the name in %q", url)
	}
	name := fmt.Sprintf("test%d_%d", os.Getpid(), s.next.Add(1))
	var err error
	for range 50 {
		if _, err = s.admin.ExecContext(ctx, "CREATE DATABASE "+name+" TEMPLATE "+url[i+1:j]); err == nil {
			return s.url(name), nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return "", fmt.Errorf("copy database: %w", err)
}
