// A Swiss's initial ranking (issue 49): the entrants with a rating= first, highest first; then
// those the database's earlier tournaments rate, by their joint Elo over every game there (the fit
// of `arbiter ratings --all`: one player per engine identity, average 0); then the rest, unrated,
// by name (FIDE: unrated players after rated ones). Two scales never mix: a rating= and a pool Elo
// are not compared. The ranking is computed once, when the Swiss is first run, and stored with it
// (Store::keep_initial_ranking), so that a resume pairs as the first run did whatever games the
// database gained since: later runs, the page and the TRF export read it and never recompute it.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "harness/config/tournament_config.h"
#include "harness/store/store.h"

namespace arbiter {

// What the pool of a Swiss's first run says of its entrants: each one's joint Elo over every game
// of the database's other tournaments, where the pool rates it.
struct PoolRatings {
    std::vector<std::optional<double>> elo;  // by configuration index; infinite for a sweep
    int tournaments = 0;                     // the other tournaments with a game
    std::int64_t games = 0;
    std::string note;  // what the pool left out, or why it rates nobody; empty otherwise
};

// Reads the pool of `store`: every game of every tournament but `swiss`, a player per engine row
// (one row per identity: program hash, command, arguments, options and name), fitted as `ratings
// --all` fits them without its bootstrap. `engines`: the Swiss's engine rows in configuration
// order. Where no game links some players to the others (which `ratings --all` refuses to rate),
// only the group with the most of `engines` (then the most games, then the lowest engine row) is
// fitted, and `note` says so; a pool the fit still refuses rates nobody, `note` saying why.
PoolRatings read_pool_ratings(Store& store, TournamentId swiss, std::span<const EngineId> engines);

// The initial ranking of the configuration's engines: rating= (highest first), then the pool's
// Elo (highest first), then unrated; ties by name (byte order). A pure function.
InitialRanking rank_entrants(const TournamentConfig& config, const PoolRatings& pool);

// The Swiss's stored initial ranking. Its first run reads the pool, ranks and stores; a Swiss that
// has games but no stored ranking (begun by an arbiter before schema version 12) keeps the ranking
// by rating= and name it was paired by, and stores that.
InitialRanking swiss_initial_ranking(Store& store, const TournamentConfig& config,
                                     TournamentId swiss, std::span<const EngineId> engines);

// The ranking a Swiss without a stored one was paired by: rating= and name alone.
InitialRanking configured_ranking(const TournamentConfig& config);

// The entrant's rating in a TRF (four digits, 0 unrated): its rating= as given; a pool Elo plus
// 2000 (the pool's average at 2000, as the column holds no negative rating), between 1 and 9999.
int trf_rating(const InitialEntrant& entrant);

// The entrant's rating as the standings show it: "rating= 2800", "pool Elo +35.2", "unrated".
std::string rating_label(const InitialEntrant& entrant);

// Where the ranking came from, in one line: "rating=, then the pool's Elo over 2 earlier
// tournaments (84 games), then name", with what the pool left out or why it rated nobody.
std::string ranking_source(const InitialRanking& ranking);

}  // namespace arbiter
