#include "harness/node_counts/results.h"

#include <algorithm>
#include <stdexcept>
#include <tuple>

#include "harness/node_counts/reference.h"

namespace arbiter::nodes {

const NodeCell* NodeResults::find(std::size_t engine, std::size_t position, int depth) const {
    for (const auto& cell : cells)
        if (cell.engine == engine && cell.position == position && cell.depth == depth) return &cell;
    return nullptr;
}

void NodeResults::sort_cells() {
    std::sort(cells.begin(), cells.end(), [](const NodeCell& a, const NodeCell& b) {
        return std::tie(a.position, a.depth, a.engine) < std::tie(b.position, b.depth, b.engine);
    });
}

std::string score_text(const Score& score) {
    return to_uci(score);
}

std::optional<MinimalTree> minimal_tree(const NodeResults& results, std::size_t position,
                                        int depth) {
    for (int d = depth; d >= 1; --d) {
        auto it = results.perft.find({position, d});
        if (it == results.perft.end()) continue;
        MinimalTree tree;
        tree.perft_depth = d;
        tree.branching = branching_factor(it->second, d);
        tree.leaves = minimal_tree_leaves(tree.branching, depth);
        return tree;
    }
    return std::nullopt;
}

namespace {

constexpr const char* FORMAT_NAME = "arbiter-nodes";
constexpr int FORMAT_VERSION = 1;

json::Value score_to_json(const Score& score) {
    json::Value v;
    v.set(score.is_mate() ? "mate" : "cp", score.uci_value());
    if (score.bound() == Score::Bound::lower) v.set("bound", "lower");
    if (score.bound() == Score::Bound::upper) v.set("bound", "upper");
    return v;
}

json::Value strings_to_json(const std::vector<std::string>& words) {
    json::Array array;
    for (const auto& word : words) array.emplace_back(word);
    return json::Value(std::move(array));
}

// Field access that names the document and the field in its errors.
struct Reader {
    std::string where;

    [[noreturn]] void fail(const std::string& what) const {
        throw std::runtime_error(where + ": " + what);
    }
    const json::Value& field(const json::Value& object, const std::string& key,
                             const std::string& context) const {
        const json::Value* v = object.find(key);
        if (!v) fail(context + " has no \"" + key + "\"");
        return *v;
    }
    template <typename F>
    auto get(const std::string& context, F&& f) const {
        try {
            return f();
        } catch (const std::runtime_error& e) {
            fail(context + ": " + e.what());
        }
    }
    std::int64_t integer(const json::Value& object, const std::string& key,
                         const std::string& context) const {
        const json::Value& v = field(object, key, context);
        return get(context + " \"" + key + "\"", [&] { return v.as_integer(); });
    }
    std::string text(const json::Value& object, const std::string& key,
                     const std::string& context) const {
        const json::Value& v = field(object, key, context);
        return get(context + " \"" + key + "\"", [&] { return v.as_string(); });
    }
    std::vector<std::string> strings(const json::Value& v, const std::string& context) const {
        std::vector<std::string> words;
        get(context, [&] {
            for (const auto& word : v.as_array()) words.push_back(word.as_string());
            return 0;
        });
        return words;
    }
    std::uint64_t count(const json::Value& object, const std::string& key,
                        const std::string& context) const {
        std::int64_t n = integer(object, key, context);
        if (n < 0) fail(context + " \"" + key + "\" is negative");
        return static_cast<std::uint64_t>(n);
    }
    // The array the document holds at `key` (a copy).
    json::Array array(const json::Value& doc, const std::string& key) const {
        return get("\"" + key + "\"", [&]() -> const json::Array& {
            return field(doc, key, "the document").as_array();
        });
    }
};

}  // namespace

json::Value to_json(const NodeResults& results) {
    json::Value doc;
    doc.set("format", FORMAT_NAME);
    doc.set("version", FORMAT_VERSION);
    json::Array engines;
    for (const auto& engine : results.engines) {
        json::Value e;
        e.set("name", engine.name);
        e.set("id_name", engine.id_name);
        json::Value options = json::Object{};
        for (const auto& [name, value] : engine.options) options.set(name, value);
        e.set("options", std::move(options));
        if (engine.max_depth) e.set("max_depth", *engine.max_depth);
        engines.push_back(std::move(e));
    }
    doc.set("engines", std::move(engines));
    json::Array positions;
    for (const auto& position : results.positions) {
        json::Value p;
        p.set("name", position.name);
        p.set("fen", position.fen);
        p.set("moves", strings_to_json(position.moves));
        positions.push_back(std::move(p));
    }
    doc.set("positions", std::move(positions));
    json::Array depths;
    for (int d : results.depths) depths.emplace_back(d);
    doc.set("depths", std::move(depths));
    json::Array perft;
    for (const auto& [key, leaves] : results.perft) {
        json::Value p;
        p.set("position", static_cast<std::int64_t>(key.first));
        p.set("depth", key.second);
        p.set("leaves", leaves);
        perft.push_back(std::move(p));
    }
    doc.set("perft", std::move(perft));
    json::Array cells;
    for (const auto& cell : results.cells) {
        json::Value c;
        c.set("engine", results.engines.at(cell.engine).name);
        c.set("position", static_cast<std::int64_t>(cell.position));
        c.set("depth", cell.depth);
        if (cell.reached_depth) c.set("reached_depth", *cell.reached_depth);
        c.set("nodes", cell.nodes);
        if (cell.leaves) c.set("leaves", *cell.leaves);
        if (cell.time_ms) c.set("time_ms", *cell.time_ms);
        if (cell.score) c.set("score", score_to_json(*cell.score));
        c.set("bestmove", cell.bestmove);
        c.set("pv", strings_to_json(cell.pv));
        cells.push_back(std::move(c));
    }
    doc.set("measurements", std::move(cells));
    return doc;
}

namespace {

void read_engines(const Reader& r, const json::Value& doc, NodeResults& results) {
    const json::Array engines = r.array(doc, "engines");
    for (std::size_t i = 0; i < engines.size(); ++i) {
        std::string context = "engine " + std::to_string(i + 1);
        NodeEngineInfo engine;
        engine.name = r.text(engines[i], "name", context);
        engine.id_name = r.text(engines[i], "id_name", context);
        const json::Value& options = r.field(engines[i], "options", context);
        r.get(context + " \"options\"", [&] {
            for (const auto& [name, value] : options.as_object())
                engine.options.emplace_back(name, value.as_string());
            return 0;
        });
        if (engines[i].find("max_depth"))
            engine.max_depth = static_cast<int>(r.integer(engines[i], "max_depth", context));
        for (const auto& other : results.engines)
            if (other.name == engine.name)
                r.fail("engine name '" + engine.name + "' is used twice");
        results.engines.push_back(std::move(engine));
    }
}

void read_positions(const Reader& r, const json::Value& doc, NodeResults& results) {
    const json::Array positions = r.array(doc, "positions");
    for (std::size_t i = 0; i < positions.size(); ++i) {
        std::string context = "position " + std::to_string(i + 1);
        NodePosition position;
        position.name = r.text(positions[i], "name", context);
        position.fen = r.text(positions[i], "fen", context);
        position.moves = r.strings(r.field(positions[i], "moves", context), context + " moves");
        results.positions.push_back(std::move(position));
    }
}

// The index of the listed position `object` names in its "position".
std::size_t read_position_index(const Reader& r, const NodeResults& results,
                                const json::Value& object, const std::string& context) {
    std::int64_t p = r.integer(object, "position", context);
    if (p < 0 || static_cast<std::size_t>(p) >= results.positions.size())
        r.fail(context + " refers to position " + std::to_string(p) + ", which is not listed");
    return static_cast<std::size_t>(p);
}

void read_perft(const Reader& r, const json::Value& doc, NodeResults& results) {
    const json::Array perft = r.array(doc, "perft");
    for (std::size_t i = 0; i < perft.size(); ++i) {
        std::string context = "perft entry " + std::to_string(i + 1);
        std::size_t p = read_position_index(r, results, perft[i], context);
        int depth = static_cast<int>(r.integer(perft[i], "depth", context));
        results.perft[{p, depth}] = r.count(perft[i], "leaves", context);
    }
}

Score read_score(const Reader& r, const json::Value& s, const std::string& context) {
    const bool mate = s.find("mate") != nullptr;
    const int value = static_cast<int>(r.integer(s, mate ? "mate" : "cp", context + " score"));
    Score::Bound bound = Score::Bound::exact;
    if (s.find("bound")) {
        std::string text = r.text(s, "bound", context + " score");
        if (text == "lower")
            bound = Score::Bound::lower;
        else if (text == "upper")
            bound = Score::Bound::upper;
        else
            r.fail(context + " score has an unknown bound '" + text + "'");
    }
    return mate ? Score::from_mate_moves(value, bound) : Score::from_centipawns(value, bound);
}

void read_measurements(const Reader& r, const json::Value& doc, NodeResults& results) {
    const json::Array cells = r.array(doc, "measurements");
    for (std::size_t i = 0; i < cells.size(); ++i) {
        std::string context = "measurement " + std::to_string(i + 1);
        const json::Value& c = cells[i];
        NodeCell cell;
        std::string engine = r.text(c, "engine", context);
        auto found = std::find_if(results.engines.begin(), results.engines.end(),
                                  [&](const NodeEngineInfo& e) { return e.name == engine; });
        if (found == results.engines.end())
            r.fail(context + " refers to engine '" + engine + "', which is not listed");
        cell.engine = static_cast<std::size_t>(found - results.engines.begin());
        cell.position = read_position_index(r, results, c, context);
        cell.depth = static_cast<int>(r.integer(c, "depth", context));
        if (c.find("reached_depth"))
            cell.reached_depth = static_cast<int>(r.integer(c, "reached_depth", context));
        cell.nodes = r.count(c, "nodes", context);
        if (c.find("leaves")) cell.leaves = r.count(c, "leaves", context);
        if (c.find("time_ms")) cell.time_ms = r.integer(c, "time_ms", context);
        if (const json::Value* s = c.find("score")) cell.score = read_score(r, *s, context);
        cell.bestmove = r.text(c, "bestmove", context);
        cell.pv = r.strings(r.field(c, "pv", context), context + " pv");
        if (results.find(cell.engine, cell.position, cell.depth))
            r.fail(context + " repeats engine '" + engine + "', position " +
                   std::to_string(cell.position) + ", depth " + std::to_string(cell.depth));
        results.cells.push_back(std::move(cell));
    }
}

}  // namespace

NodeResults results_from_json(const json::Value& doc, const std::string& where) {
    Reader r{where};
    if (!doc.is_object()) r.fail("not a JSON object");
    const json::Value* format = doc.find("format");
    if (!format || !format->is_string() || format->as_string() != FORMAT_NAME)
        r.fail(std::string("not an arbiter nodes document (\"format\": \"") + FORMAT_NAME +
               "\" is missing)");
    if (r.integer(doc, "version", "the document") != FORMAT_VERSION)
        r.fail("unsupported version (this arbiter reads version " + std::to_string(FORMAT_VERSION) +
               ")");

    NodeResults results;
    read_engines(r, doc, results);
    read_positions(r, doc, results);
    r.get("\"depths\"", [&] {
        for (const auto& d : r.field(doc, "depths", "the document").as_array())
            results.depths.push_back(static_cast<int>(d.as_integer()));
        return 0;
    });
    read_perft(r, doc, results);
    read_measurements(r, doc, results);
    results.sort_cells();
    return results;
}

}  // namespace arbiter::nodes
