// The two configuration files of this dialect: fastchess's saved config JSON (-config file=F),
// read as the command line it stands for, and cutechess's engines.json (conf=NAME with -engines
// FILE), read onto one engine.
#include "harness/config/json.h"
#include "harness/dialect/command_line/cutechess_reading.h"
#include "harness/dialect/command_line/fastchess_saved_keys.h"

namespace arbiter::cutechess {

namespace {

json::Value load(const std::string& path, const char* what) {
    try {
        return json::parse(read_text_file(path));
    } catch (const ConfigError&) {
        throw;
    } catch (const std::exception& e) {
        throw ConfigError(std::string(what) + " " + path + ": " + e.what());
    }
}

// fastchess's TimeControl::Limits (milliseconds) as tc=, st= and timemargin= words.
void limit_words(const Fields& limit, std::vector<std::string>& words) {
    Fields tc = limit.child("tc");
    auto seconds = [](double ms) { return number_text(ms / 1000); };
    double time = tc.number("time"), increment = tc.number("increment");
    double moves = tc.number("moves");
    if (std::string periods = tc.text("periods"); !periods.empty())  // arbiter's: several
        words.push_back("tc=" + periods);
    else if (time > 0 || increment > 0)
        words.push_back("tc=" + (moves > 0 ? tc.word("moves") + "/" : "") + seconds(time) +
                        (increment > 0 ? "+" + seconds(increment) : ""));
    if (double fixed = tc.number("fixed_time"); fixed > 0) words.push_back("st=" + seconds(fixed));
    if (double margin = tc.number("timemargin"); margin > 0)
        words.push_back("timemargin=" + tc.word("timemargin"));
    if (double nodes = limit.number("nodes"); nodes > 0)
        words.push_back("nodes=" + limit.word("nodes"));
    if (double plies = limit.number("plies"); plies > 0)
        words.push_back("depth=" + limit.word("plies"));
}

void engine_words(const Fields& engine, std::vector<std::string>& words) {
    words.push_back("-engine");
    for (const char* key : {"name", "cmd", "dir", "args"})
        if (std::string value = engine.text(key); !value.empty())
            words.push_back(std::string(key) + "=" + value);
    if (engine.flag("restart")) words.push_back("restart=on");
    if (const json::Value* options = engine.find("options"); options && options->is_array()) {
        for (const json::Value& pair : options->as_array()) {
            if (!pair.is_array() || pair.as_array().size() != 2 ||
                !pair.as_array()[0].is_string() || !pair.as_array()[1].is_string())
                throw ConfigError(engine.where() +
                                  ".options: each entry must be [\"NAME\", \"VALUE\"]");
            words.push_back("option." + pair.as_array()[0].as_string() + "=" +
                            pair.as_array()[1].as_string());
        }
    }
    limit_words(engine.child("limit"), words);
    if (engine.choice("variant", {"standard", "frc"}) != "standard")
        words.insert(words.end(), {"-variant", "fischerandom"});
}

// The tournament's fields, each as the option that sets it.
void tournament_words(const Fields& t, std::vector<std::string>& words) {
    auto add = [&](std::initializer_list<std::string> more) { words.insert(words.end(), more); };
    auto boolean = [](bool b) { return std::string(b ? "true" : "false"); };
    if (Fields o = t.child("opening"); !o.text("file").empty()) {
        add({"-openings", "file=" + o.text("file"),
             "format=" + o.choice("format", {"epd", "pgn", "none"}),
             "order=" + o.choice("order", {"random", "sequential"}),
             "start=" + o.word("start", 1)});
        // fastchess saves -1 for "every ply of the opening".
        if (double plies = o.number("plies", -1); plies >= 0)
            words.push_back("plies=" + o.word("plies"));
    }
    if (Fields p = t.child("pgn"); p.present()) {
        if (!p.text("file").empty()) {
            add({"-pgnout", "file=" + p.text("file"),
                 "append=" + boolean(p.flag("append_file", true))});
            for (const char* field :
                 {"nodes", "seldepth", "nps", "hashfull", "tbhits", "timeleft", "latency", "pv"})
                if (p.flag(("track_" + std::string(field)).c_str()))
                    words.push_back(std::string(field) + "=true");
        }
        if (p.flag("crc")) add({"-crc32", "pgn=true"});
        if (std::string event = p.text("event_name"); !event.empty()) add({"-event", event});
        if (std::string site = p.text("site", "?"); site != "?") add({"-site", site});
    }
    if (Fields e = t.child("epd"); !e.text("file").empty())
        add({"-epdout", "file=" + e.text("file"),
             "append=" + boolean(e.flag("append_file", true))});
    if (Fields s = t.child("sprt"); s.flag("enabled"))
        add({"-sprt", "elo0=" + number_text(s.number("elo0")),
             "elo1=" + number_text(s.number("elo1")), "alpha=" + number_text(s.number("alpha")),
             "beta=" + number_text(s.number("beta")), "model=" + s.text("model", "normalized")});
    if (Fields d = t.child("draw"); d.flag("enabled"))
        add({"-draw", "movenumber=" + d.word("move_number"), "movecount=" + d.word("move_count"),
             "score=" + d.word("score")});
    if (Fields r = t.child("resign"); r.flag("enabled"))
        add({"-resign", "movecount=" + r.word("move_count"), "score=" + r.word("score"),
             "twosided=" + boolean(r.flag("twosided"))});
    if (Fields m = t.child("maxmoves"); m.flag("enabled")) add({"-maxmoves", m.word("move_count")});
    if (Fields tb = t.child("tb_adjudication"); tb.flag("enabled")) {
        add({"-tb", tb.text("syzygy_dirs")});
        if (double pieces = tb.number("max_pieces"); pieces > 0)
            add({"-tbpieces", tb.word("max_pieces")});
        if (tb.flag("ignore_50_move_rule")) add({"-tbignore50"});
    }
}

void match_words(const Fields& t, std::vector<std::string>& words) {
    for (const SavedKey& key : saved_match_keys()) key.read(t, key.key, words);
}

}  // namespace

std::vector<std::string> fastchess_config_arguments(const std::string& path) {
    json::Value root = load(path, "-config file=");
    if (!root.is_object()) throw ConfigError(path + ": a fastchess config must be a JSON object");
    Fields tournament(&root, path);
    std::vector<std::string> words;
    const json::Value* engines = root.find("engines");
    if (!engines || !engines->is_array())
        throw ConfigError(path + ": no \"engines\" list (fastchess's saved config has one)");
    for (std::size_t i = 0; i < engines->as_array().size(); ++i)
        engine_words(Fields(&engines->as_array()[i], path + ".engines[" + std::to_string(i) + "]"),
                     words);
    tournament_words(tournament, words);
    match_words(tournament, words);
    return words;
}

void read_engines_json_entry(const std::string& path, const std::string& name,
                             EngineConfig& engine) {
    json::Value root = load(path, "engines file");
    if (!root.is_array())
        throw ConfigError(path + ": cutechess's engines.json must be a JSON list of engines");
    for (std::size_t i = 0; i < root.as_array().size(); ++i) {
        Fields entry(&root.as_array()[i], path + "[" + std::to_string(i) + "]");
        if (entry.text("name") != name) continue;
        engine.name = name;
        engine.command = entry.text("command");
        engine.working_dir = entry.text("workingDirectory");
        if (std::string protocol = entry.text("protocol", "uci"); !protocol.empty())
            read_engine_setting(engine, "proto", protocol);
        if (const json::Value* ponder = entry.find("ponder"); ponder && ponder->is_bool())
            engine.ponder = ponder->as_bool();  // cutechess writes "ponder": true
        if (const json::Value* lines = entry.find("initStrings"); lines && lines->is_array())
            for (const json::Value& line : lines->as_array()) {
                if (!line.is_string())
                    throw ConfigError(entry.where() + ".initStrings: each entry must be a string");
                read_init_strings(engine, line.as_string());
            }
        if (const json::Value* options = entry.find("options"); options && options->is_array())
            for (std::size_t k = 0; k < options->as_array().size(); ++k) {
                Fields option(&options->as_array()[k],
                              entry.where() + ".options[" + std::to_string(k) + "]");
                const json::Value* value = option.find("value");
                if (option.text("name").empty() || !value)
                    throw ConfigError(option.where() + ": an option needs \"name\" and \"value\"");
                std::string text = value->is_string() ? value->as_string()
                                   : value->is_bool() ? (value->as_bool() ? "true" : "false")
                                                      : option.word("value");
                engine.options.emplace_back(option.text("name"), text);
            }
        if (engine.command.empty()) throw ConfigError(entry.where() + ": no \"command\"");
        return;
    }
    throw ConfigError("conf=" + name + ": no engine of that name in " + path);
}

}  // namespace arbiter::cutechess
