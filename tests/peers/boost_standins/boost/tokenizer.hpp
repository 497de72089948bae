// Stand-in for the part of Boost.Tokenizer the hipFFT/rocFFT test clients use (splitting --mp_launch into
// arguments), for when build_suites.sh cannot get Boost's headers. Same rules as boost::escaped_list_separator:
// an escape character, separator characters and quote characters, each given as one character.
#pragma once
#include <string>
#include <vector>

namespace boost {
template <class Char>
struct escaped_list_separator {
    Char escape, separator, quote;
    escaped_list_separator(Char e = '\\', Char s = ',', Char q = '\"') : escape(e), separator(s), quote(q) {}
};

template <class Separator>
class tokenizer {
public:
    tokenizer(const std::string& text, Separator sep)
    {
        std::string token;
        bool quoted = false;
        for(size_t i = 0; i < text.size(); ++i)
        {
            char c = text[i];
            if(c == sep.escape && i + 1 < text.size())
                token += text[++i];
            else if(c == sep.quote)
                quoted = !quoted;
            else if(c == sep.separator && !quoted)
            {
                tokens_.push_back(token);
                token.clear();
            }
            else
                token += c;
        }
        tokens_.push_back(token);
    }
    std::vector<std::string>::const_iterator begin() const { return tokens_.begin(); }
    std::vector<std::string>::const_iterator end() const { return tokens_.end(); }

private:
    std::vector<std::string> tokens_;
};
} // namespace boost
