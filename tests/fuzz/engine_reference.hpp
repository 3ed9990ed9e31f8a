#pragma once
// The reference the template engine's door is held to (the fuzz target and tests/render): the
// same data as kainjow's own, rendered by kainjow's own context, and what TemplateSet does with
// ours (the template's static text in runs, our data through render::Context).
#include <kainjow/mustache.hpp>
#include <string>
#include <vector>

#include "render/context.hpp"
#include "render/data.hpp"
#include "render/static_text.hpp"

namespace test {

// `data` as kainjow's own data, built with its own setters.
inline kainjow::mustache::data as_kainjow(const render::Data& data) {
    using K = kainjow::mustache::data;
    switch (data.kind()) {
        case render::Data::Kind::object: {
            K object;
            for (const auto& m : data.members()) object.set(m.key, as_kainjow(m.value));
            return object;
        }
        case render::Data::Kind::text:
            return K(data.string_value());
        case render::Data::Kind::list: {
            K list(K::type::list);
            for (const auto& item : data.list_value()) list.push_back(as_kainjow(item));
            return list;
        }
        case render::Data::Kind::yes:
            return K(true);
        case render::Data::Kind::no:
            return K(false);
    }
    return K(false);
}

// `tmpl` rendered with `data` by kainjow alone (nothing of ours), with kainjow's own escaping.
inline std::string render_as_kainjow(const std::string& tmpl, const render::Data& data) {
    kainjow::mustache::mustache plain(tmpl);
    const kainjow::mustache::data theirs = as_kainjow(data);
    return plain.render(theirs);
}

// `tmpl` rendered as TemplateSet renders it (its static text in runs when that applies, our
// data through our context, references found in `shared`), with kainjow's own escaping; "" for
// a template kainjow refuses.
inline std::string render_as_ours(const std::string& tmpl, const render::Data& data,
                                  const render::SharedData* shared = nullptr) {
    const auto marked = render::mark_static_text(tmpl);
    kainjow::mustache::mustache ours(marked ? marked->text : tmpl);
    if (!ours.is_valid()) return "";
    const std::vector<kainjow::mustache::data> none;
    render::Context context(marked ? marked->runs : none, shared);
    context.push_data(data);
    return ours.render(context);
}

}  // namespace test
