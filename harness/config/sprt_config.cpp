#include "harness/config/sprt_config.h"

namespace arbiter {

namespace {

// Reads all items; elo0 and elo1 must be among them. Every reader of SPRT parameters ends here.
SprtParameters read_sprt(const SettingValues& items) {
    SprtParameters p;
    bool have_elo0 = false, have_elo1 = false;
    for (const auto& [key, value] : items) {
        if (key == "elo0") {
            p.elo0 = read_number({"sprt elo0", "a number"}, value);
            have_elo0 = true;
        } else if (key == "elo1") {
            p.elo1 = read_number({"sprt elo1", "a number"}, value);
            have_elo1 = true;
        } else if (key == "alpha") {
            p.alpha = read_number({"sprt alpha", "a number"}, value);
        } else if (key == "beta") {
            p.beta = read_number({"sprt beta", "a number"}, value);
        } else if (key == "model") {
            p.model = read_choice("sprt model", value, {"normalized", "logistic"}) == "logistic"
                          ? SprtModel::logistic
                          : SprtModel::normalized;
        } else {
            throw ConfigError("sprt: unknown key '" + key +
                              "' (expected elo0, elo1, alpha, beta, model)");
        }
    }
    if (!have_elo0 || !have_elo1) throw ConfigError("sprt: elo0 and elo1 are required");
    validate(p);
    return p;
}

}  // namespace

std::string_view to_string(SprtModel model) {
    return model == SprtModel::logistic ? "logistic" : "normalized";
}

SprtParameters parse_sprt_parameters(std::string_view text) {
    try {
        return read_sprt(setting_values(split_key_values(text)));
    } catch (const ConfigError& e) {
        std::string message = e.what();
        throw ConfigError(message.rfind("sprt", 0) == 0 ? message : "sprt: " + message);
    }
}

json::Value to_json(const SprtParameters& p) {
    json::Value v{json::Object{}};
    v.set("elo0", p.elo0);
    v.set("elo1", p.elo1);
    v.set("alpha", p.alpha);
    v.set("beta", p.beta);
    v.set("model", to_string(p.model));
    return v;
}

SprtParameters sprt_from_json(const json::Value& value) {
    if (!value.is_object()) throw ConfigError("sprt must be a JSON object");
    SettingValues items;
    for (const auto& [key, member] : value.as_object())
        items.emplace_back(key, SettingValue(member, "sprt " + key));
    return read_sprt(items);
}

void validate(const SprtParameters& p) {
    if (!(p.alpha > 0.0 && p.beta > 0.0 && p.alpha + p.beta < 1.0))
        throw ConfigError("sprt: need alpha > 0, beta > 0 and alpha + beta < 1");
    if (!(p.elo0 < p.elo1)) throw ConfigError("sprt: need elo0 < elo1");
}

}  // namespace arbiter
