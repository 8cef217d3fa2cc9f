// The two configuration files of this dialect: fastchess's saved config JSON (-config file=F),
// read as the command line it stands for, and cutechess's engines.json (conf=NAME with -engines
// FILE), read onto one engine.
#include <cmath>
#include <cstdio>

#include "harness/config/json.h"
#include "harness/dialect/command_line/cutechess_reading.h"

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

// A number as a command line gives it: 16, 0.05, -2.5.
std::string number_text(double value) {
    char text[40];
    std::snprintf(text, sizeof text, "%.15g", value);
    return text;
}

// Reads fields of one JSON object, each error naming the file and the field.
class Fields {
  public:
    Fields(const json::Value* object, std::string where)
        : object_(object && object->is_object() ? object : nullptr), where_(std::move(where)) {}

    bool present() const { return object_ != nullptr; }
    const json::Value* find(const char* key) const {
        return object_ ? object_->find(key) : nullptr;
    }
    std::string text(const char* key, const std::string& fallback = "") const {
        return read(key, fallback, [](const json::Value& v) { return v.as_string(); });
    }
    double number(const char* key, double fallback = 0) const {
        return read(key, fallback, [](const json::Value& v) { return v.as_number(); });
    }
    // A number as a command line gives it: an integer exactly, all 64 bits of it (a seed), any
    // other number as number_text() writes it.
    std::string word(const char* key, double fallback = 0) const {
        const json::Value* v = find(key);
        if (v && v->is_integer()) return v->dump();
        return number_text(number(key, fallback));
    }
    bool flag(const char* key, bool fallback = false) const {
        return read(key, fallback, [](const json::Value& v) { return v.as_bool(); });
    }
    // A fastchess enum, saved as its index (or, written by hand, as its name).
    std::string choice(const char* key, const std::vector<std::string>& names) const {
        const json::Value* v = find(key);
        if (!v) return names[0];
        if (v->is_string()) {
            std::string name = v->as_string();
            for (char& c : name) c = char(std::tolower(static_cast<unsigned char>(c)));
            return name;
        }
        double index = number(key);
        if (index < 0 || index >= double(names.size()) || index != std::floor(index))
            throw ConfigError(where_ + "." + key + ": " + number_text(index) +
                              " is not one of 0.." + std::to_string(names.size() - 1));
        return names[std::size_t(index)];
    }
    Fields child(const char* key) const { return Fields(find(key), where_ + "." + key); }
    const std::string& where() const { return where_; }

  private:
    template <class T, class Read>
    T read(const char* key, T fallback, Read read) const {
        const json::Value* v = find(key);
        if (!v || v->is_null()) return fallback;
        try {
            return read(*v);
        } catch (const std::exception& e) {
            throw ConfigError(where_ + "." + key + ": " + e.what());
        }
    }
    const json::Value* object_;
    std::string where_;
};

// fastchess's TimeControl::Limits (milliseconds) as tc=, st= and timemargin= words.
void limit_words(const Fields& limit, std::vector<std::string>& words) {
    Fields tc = limit.child("tc");
    auto seconds = [](double ms) { return number_text(ms / 1000); };
    double time = tc.number("time"), increment = tc.number("increment");
    double moves = tc.number("moves");
    if (time > 0 || increment > 0)
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
    auto add = [&](std::initializer_list<std::string> more) { words.insert(words.end(), more); };
    if (const json::Value* seed = t.find("seed"); seed && seed->is_number())
        add({"-srand", t.word("seed")});
    for (const char* key : {"games", "rounds", "concurrency", "wait", "ratinginterval",
                            "scoreinterval", "autosaveinterval"})
        if (t.find(key)) add({"-" + std::string(key), t.word(key)});
    for (const char* key :
         {"noswap", "reverse", "recover", "force_concurrency", "check_mate_pvs", "show_latency"})
        if (t.flag(key)) {
            std::string option = "-" + std::string(key);
            for (char& c : option)
                if (c == '_') c = '-';
            add({option});
        }
    if (t.flag("affinity")) add({"-use-affinity"});  // fastchess saves no CPU list
    if (t.find("report_penta"))
        add({"-report", std::string("penta=") + (t.flag("report_penta") ? "true" : "false")});
    if (t.find("output"))
        add({"-output", "format=" + t.choice("output", {"fastchess", "cutechess", "none"})});
    if (t.choice("variant", {"standard", "frc"}) != "standard") add({"-variant", "fischerandom"});
    if (t.choice("type", {"roundrobin", "gauntlet"}) == "gauntlet")
        add({"-tournament", "gauntlet", "-seeds", t.word("gauntlet_seeds", 1)});
    if (Fields log = t.child("log"); !log.text("file").empty())
        add({"-log", "file=" + log.text("file"),
             std::string("append=") + (log.flag("append_file", true) ? "true" : "false")});
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
