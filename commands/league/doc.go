// Package league keeps the community leagues: the results of league games,
// standings with points, and faction-aware ratings. It knows nothing of
// Discord, storage or drawing: the bot stores Results and hands them back;
// everything here is recomputed from them.
//
// # Results
//
// A league game records, when it ends, each seat's member, the factions
// they held, their place by rule 7.1 (tie order CPC, WLD, NAT, JPN) and the
// victory margins (7.3); a member holding two factions (1.5) is placed by the
// lower margin. NewResult derives the places with engine.Rank, so they are
// the engine's. An abandoned game, or one whose seats are not all held by
// distinct members (a member in two seats, or a seat nobody held), is kept and
// listed as unrated, but counts for neither points nor ratings.
//
// # Points
//
// Points reward places: in a 4-seat game 4, 2, 1, 0; in a 3-seat game 4, 2,
// 0; in a 2-seat game 4, 0. A win is worth the same whatever the number of
// seats and last place is always worth nothing, so a league mixing game sizes
// stays fair: a game hands out 1.75 points a seat at four seats and 2 at
// three or two, close enough that nobody gains by choosing game sizes.
//
// # Ratings
//
// Ratings are the Weng-Lin Bayesian model with the Plackett-Luce likelihood
// (package openskill, OpenSkill's defaults). Each seat is rated as a team of
// the member and the faction(s) they played: every league learns one rating
// per faction alongside its members' ratings. The seat's performance is
// member + faction, so the team's μ is the sum of the two μ and its σ² the
// sum of the two σ², exactly as OpenSkill rates a team of two. A member
// holding k factions plays with the mean of them (each faction with weight
// 1/k), so a two-faction seat is not counted as twice as strong.
//
// The game updates both: the member's and the faction's share of the surprise
// follows their share of the team's variance. Since a weak faction (one that
// wins less often) lowers its team's expected performance, the same result
// with it is a bigger surprise: beating expectations with a weak faction
// raises the member's rating more than the same result with a strong one,
// and losing with a strong faction costs more than losing with a weak one.
//
// The displayed rating is the ordinal μ − 3σ of the member's own rating: a
// skill the model is about 99.9% sure the member has. Everyone starts at 0
// and climbs as games make the model surer, so a lucky first game does not
// top the table.
//
// # Determinism
//
// Ratings are recomputed from the stored results in order of end time, then
// game id (Recompute). A corrected result is just a recompute, and the same
// results always give bit-identical ratings, whatever order they are stored
// in; a Book fed the results one by one in that order (Add) gets the same.
//
// # Seasons
//
// Points, games and wins count per season; ratings (members' and factions')
// carry over from one season to the next. A league game takes weeks, so a
// season holds few games per member: a reset would leave every table a list
// of newcomers' ratings. A season's table shows each member's rating as it
// stood after the season's last result. Closing a season (Book.Close)
// freezes its standings and faction statistics as a SeasonRecord for the bot
// to store; the next season starts from the same ratings.
package league
