-- Rows as schema version 1 holds them. TestMigrations builds a version-1
-- database with these and checks that Open upgrades it to the current
-- schema with every row intact. Keep one such file per released version.
INSERT INTO games (id, place, scenario, options, seed, deck, engine, status, problem, created, updated) VALUES
	(1, 'chan-1', '1937', 'elig-a', -8446744073709551616, 'sha256:aa303126f7229af8', '0.1.0', 'active', '', 1735689600000, 1735689780000),
	(2, 'chan-1', '1938', '', 7, 'sha256:aa303126f7229af8', '0.1.0', 'abandoned', '', 1735689600000, 1735689600000);
INSERT INTO seats (game, faction, player, name) VALUES (1, 'JPN', '1001', 'Ann'), (1, 'NAT', '1002', '');
INSERT INTO decisions (game, seq, kind, faction, choice, player, at, key) VALUES
	(1, 1, 'do', 'NAT', 'space:Zhejiang', '1002', 1735689660000, 'i-1'),
	(1, 2, 'undo', 'NAT', '', '1002', 1735689720000, NULL),
	(1, 3, 'do', 'NAT', 'space:Guangdong', '1002', 1735689780000, 'i-3');
-- A lobby as version-1 bots kept it: marker game 3 at 'lobby:chan-2' (the
-- host in its JPN seat), then game 4 waiting in chan-2.
INSERT INTO games (id, place, scenario, options, seed, deck, engine, status, problem, created, updated) VALUES
	(3, 'lobby:chan-2', '1937', '', 1, 'sha256:aa303126f7229af8', '0.1.0', 'active', '', 1735689600000, 1735689600000),
	(4, 'chan-2', '1938', '', 5, 'sha256:aa303126f7229af8', '0.1.0', 'active', '', 1735689600000, 1735689600000);
INSERT INTO seats (game, faction, player, name) VALUES (3, 'JPN', '2001', 'Host'), (4, 'CPC', '2002', 'Cy');
