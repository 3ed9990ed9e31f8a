#pragma once
// A text in the template engine's form (data.hpp's EngineText), made when the text is: part of
// the engine's door (data.cpp makes it, context.cpp hands it to kainjow).
#include <kainjow/mustache.hpp>
#include <string>
#include <utility>

namespace render {

struct EngineText {
    // kainjow's constructors copy a text. The string it makes for an empty text is its own, and
    // not const (it only hands it out as const): the text is moved into it instead.
    explicit EngineText(std::string value) : data(kainjow::mustache::data::type::string) {
        const_cast<std::string&>(data.string_value()) = std::move(value);
    }
    const std::string& string() const { return data.string_value(); }

    kainjow::mustache::data data;
};

}  // namespace render
